/**
 * Loading the remotes at run time: GET /remotes.json names each remote's mf-manifest.json, the host
 * registers them on its federation runtime instance, then loads exposed modules by id. Nothing is
 * fetched for a remote until one of its modules is asked for, so a visitor never downloads admin code.
 * A failed step is forgotten, so asking again (Retry) starts over.
 */
import { getInstance } from '@module-federation/enhanced/runtime';
import { REMOTES_CONFIG_URL } from '../config/endpoints';
import { api } from '@friends/web/api-client';

export interface RemoteModules {
  'public_remote/SearchView': typeof import('public_remote/SearchView');
  'public_remote/LeaderboardView': typeof import('public_remote/LeaderboardView');
  'public_remote/CreatorView': typeof import('public_remote/CreatorView');
  'public_remote/PairView': typeof import('public_remote/PairView');
  'public_remote/GroupView': typeof import('public_remote/GroupView');
  'public_remote/EventView': typeof import('public_remote/EventView');
  'admin_remote/VideosView': typeof import('admin_remote/VideosView');
  'admin_remote/SuggestionsView': typeof import('admin_remote/SuggestionsView');
  'admin_remote/ReviewView': typeof import('admin_remote/ReviewView');
  'admin_remote/CreatorsView': typeof import('admin_remote/CreatorsView');
  'admin_remote/GroupsView': typeof import('admin_remote/GroupsView');
  'admin_remote/AnalyticsView': typeof import('admin_remote/AnalyticsView');
  'admin_remote/HistoryView': typeof import('admin_remote/HistoryView');
  'admin_remote/SearchAdminExtras': typeof import('admin_remote/SearchAdminExtras');
}
export type RemoteModuleId = keyof RemoteModules;

/** GET /remotes.json: manifest URL per remote (the API reads PUBLIC_REMOTE_URL / ADMIN_REMOTE_URL). */
interface RemotesConfig {
  public: string;
  admin: string;
}

function readConfig(body: unknown): RemotesConfig {
  const config = body as Partial<RemotesConfig> | null;
  if (!config || typeof config.public !== 'string' || typeof config.admin !== 'string') {
    throw new Error(`${REMOTES_CONFIG_URL} must name the "public" and "admin" manifest URLs`);
  }
  return { public: config.public, admin: config.admin };
}

function federation() {
  const instance = getInstance();
  if (!instance) throw new Error('The module federation runtime is not initialised');
  return instance;
}

let registration: Promise<void> | null = null;

function registerRemotes(): Promise<void> {
  registration ??= api
    .get<unknown>(REMOTES_CONFIG_URL)
    .then((body) => {
      const config = readConfig(body);
      const absolute = (url: string) => new URL(url, window.location.href).href;
      federation().registerRemotes([
        { name: 'public_remote', entry: absolute(config.public) },
        { name: 'admin_remote', entry: absolute(config.admin) },
      ]);
    })
    .catch((error: unknown) => {
      registration = null;
      throw error;
    });
  return registration;
}

/**
 * Downloads the files of the exposed module `id` (the remote's manifest, its remoteEntry.js, the module's
 * chunks and stylesheets) without running any of it; loading it later finds them in the cache.
 */
export function preloadRemoteFiles(id: RemoteModuleId): void {
  const [remote, expose] = id.split('/') as [string, string];
  registerRemotes()
    .then(() =>
      federation().preloadRemote([{ nameOrAlias: remote, exposes: [expose], resourceCategory: 'sync' }]),
    )
    .catch(() => undefined); // loading the module itself reports the failure
}

const loading = new Map<RemoteModuleId, Promise<unknown>>();

/** The exposed module `id`, loaded once; a failure is not cached, so the next call tries again. */
export function loadRemoteModule<K extends RemoteModuleId>(id: K): Promise<RemoteModules[K]> {
  let module = loading.get(id) as Promise<RemoteModules[K]> | undefined;
  if (!module) {
    module = registerRemotes()
      .then(() => federation().loadRemote<RemoteModules[K]>(id))
      .then((loaded) => {
        if (!loaded) throw new Error(`The remote module ${id} could not be loaded`);
        return loaded;
      });
    module.catch(() => loading.delete(id));
    loading.set(id, module);
  }
  return module;
}
