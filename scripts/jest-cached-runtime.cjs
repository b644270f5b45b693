// jest's runtime with three costs of running many test files in one process taken away.
//
// - V8's compiled code of each module is kept for the worker's next test file. Every file gets a fresh
//   module registry, so each compiled the whole app again (Nest, TypeORM, the API's modules): ~0.7 s
//   of V8 compile per API test file, a tenth of that suite's CPU. The first compile of a source hands
//   V8's code cache back; later compiles of the same source start from it (keyed by the exact source,
//   so a changed file compiles afresh).
// - Each module's transformed code is kept for the worker's next test file too, while the file's size
//   and modification time stay the same (installed packages are not checked). A new runtime read
//   every source again, hashed it with the transform's options into a cache key and read the
//   transformed file back from jest's disk cache: a tenth of an API test file's CPU.
// - The AsyncLocalStorages a file entered are disabled when it ends. Node propagates every enabled
//   storage into every new promise and handle of the process, and each file leaves its own enabled
//   (jest-circus's test context, the API's actor), so every later file paid one more propagation per
//   async step: a tenth of the API suite's CPU, more in its last files.
const { AsyncLocalStorage } = require('node:async_hooks');
const { statSync } = require('node:fs');
const { compileFunction } = require('node:vm');
const Runtime = require('jest-runtime').default;

/** V8's code cache by module file, with the source it was made from (one per worker process). */
const codeCache = new Map();

/** The storages entered since the current test file began (a worker runs one file at a time). */
const enteredStorages = new Set();
for (const method of ['run', 'enterWith']) {
  const original = AsyncLocalStorage.prototype[method];
  AsyncLocalStorage.prototype[method] = function (...args) {
    enteredStorages.add(this);
    return original.apply(this, args);
  };
}

/**
 * jest's module executor (`runtime.executor`, jest 30) compiling through the code cache; left as it
 * is when this jest has no such executor.
 */
function cacheCompiledCode(executor) {
  if (typeof executor?.compile !== 'function') return;
  const compile = executor.compile.bind(executor);
  executor.compile = (scriptSource, filename) => {
    const vmContext = executor.environment.getVmContext();
    if (vmContext == null || executor.resolution.isCoreModule(filename)) {
      return compile(scriptSource, filename);
    }
    const kept = codeCache.get(filename);
    const cachedData = kept?.source === scriptSource ? kept.data : undefined;
    let compiled;
    try {
      compiled = compileFunction(scriptSource, executor.injectedModuleParameters, {
        filename,
        cachedData,
        produceCachedData: cachedData === undefined,
        importModuleDynamically: (specifier, _function, importAttributes, ...rest) =>
          executor.dynamicImport(specifier, filename, vmContext, importAttributes, rest[0]),
        parsingContext: vmContext,
      });
    } catch {
      // jest's own compile reports syntax errors the way jest users know them.
      return compile(scriptSource, filename);
    }
    if (compiled.cachedDataProduced && compiled.cachedData) {
      codeCache.set(filename, { source: scriptSource, data: compiled.cachedData });
    } else if (cachedData !== undefined && compiled.cachedDataRejected) {
      codeCache.delete(filename);
    }
    return compiled;
  };
}

/** Transformed modules by project, file and transform options (one map per worker process). */
const transformed = new Map();

/**
 * What tells a kept transform of `filename` is still good: the repository's own files by size and
 * modification time; installed packages do not change during a run. Undefined when the file is gone.
 */
function versionOf(filename) {
  if (filename.includes('/node_modules/')) return 'installed';
  const stat = statSync(filename, { throwIfNoEntry: false });
  return stat && `${stat.size}:${stat.mtimeMs}`;
}

/**
 * jest's transform cache (`runtime.transformCache`, jest 30) answering from `transformed` when the
 * file is unchanged; left as it is when this jest has no such cache. What it records for the runtime
 * (the transformed file, its source map) is recorded as jest's own transform would.
 */
function keepTransforms(cache, projectId) {
  if (typeof cache?.transform !== 'function' || !(cache.transforms instanceof Map)) return;
  const transform = cache.transform.bind(cache);
  cache.transform = (filename, options) => {
    if (options?.isInternalModule) return transform(filename, options);
    const version = versionOf(filename);
    if (!version) return transform(filename, options);
    const key = `${projectId}\0${filename}\0${JSON.stringify(options ?? null)}`;
    const kept = transformed.get(key);
    if (kept?.version === version) {
      cache.transforms.set(filename, kept.file);
      if (kept.file.sourceMapPath) cache.sourceMaps.set(filename, kept.file.sourceMapPath);
      return kept.file.code;
    }
    const code = transform(filename, options);
    const file = cache.transforms.get(filename);
    if (file?.code === code) transformed.set(key, { version, file });
    return code;
  };
}

class CachedRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    enteredStorages.clear();
    cacheCompiledCode(this.executor);
    keepTransforms(this.transformCache, this._config?.id);
  }

  teardown() {
    for (const storage of enteredStorages) storage.disable();
    enteredStorages.clear();
    return super.teardown();
  }
}

module.exports = CachedRuntime;
