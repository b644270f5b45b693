/**
 * Federation runtime plugin of the host: hands the page's one copy of the federation runtime core to
 * the remotes (built with `externalRuntime`), so each remoteEntry.js does not carry its own. Same job
 * as @module-federation/inject-external-runtime-core-plugin, imported as ESM so webpack bundles the very
 * copy the host already uses instead of a second (CommonJS) one.
 */
import * as runtimeCore from '@module-federation/runtime-core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type CoreGlobal = typeof runtimeCore.Global & { _FEDERATION_RUNTIME_CORE?: typeof runtimeCore };

export default function provideRuntimeCore(): ModuleFederationRuntimePlugin {
  return {
    name: 'provide-runtime-core',
    beforeInit(args) {
      (runtimeCore.Global as CoreGlobal)._FEDERATION_RUNTIME_CORE ??= runtimeCore;
      return args;
    },
  };
}
