// @ts-check
/** The admin remote, served at /remotes/admin/; standalone on :8082 in `npm run dev`. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../tooling/webpack.mjs';
import federation from './module-federation.config.mjs';

export default remoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  federation,
  title: 'Admin remote',
  port: 8082,
});
