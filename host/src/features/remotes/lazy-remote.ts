/** One React.lazy component per exposed module, created on first use and dropped on Retry. */
import { lazy, type LazyExoticComponent } from 'react';
import { loadRemoteModule, type RemoteModuleId, type RemoteModules } from '../../lib/federation';

type RemoteComponent<K extends RemoteModuleId> = RemoteModules[K]['default'];

const components = new Map<RemoteModuleId, unknown>();

export function lazyRemote<K extends RemoteModuleId>(id: K): LazyExoticComponent<RemoteComponent<K>> {
  let component = components.get(id) as LazyExoticComponent<RemoteComponent<K>> | undefined;
  if (!component) {
    component = lazy(() => loadRemoteModule(id) as Promise<{ default: RemoteComponent<K> }>);
    components.set(id, component);
  }
  return component;
}

export function forgetRemoteComponents(ids: readonly RemoteModuleId[]): void {
  for (const id of ids) components.delete(id);
}

/** Starts downloading modules ahead of rendering them (failures surface when they render). */
export function preloadRemoteModules(ids: readonly RemoteModuleId[]): void {
  for (const id of ids) loadRemoteModule(id).catch(() => undefined);
}
