/**
 * The first view's remote files, asked for as soon as the host's entry runs. Otherwise the remote's
 * manifest is fetched only once React has loaded and the shell has rendered, and its chunks after that:
 * on a slow connection a second chain of round trips after the host's own chunks.
 */
import { VIEWS } from '../config/views';
import { preloadRemoteFiles } from './federation';
import { parseViewUrl } from './view-url';

export function preloadFirstViewFiles(): void {
  const { view } = parseViewUrl(window.location.search);
  const { remote, admin } = VIEWS[view];
  // Admin views show the login screen to visitors: their code waits until the shell knows who is asking.
  if (remote && !admin) preloadRemoteFiles(remote);
}
