/**
 * The label of this build, from BUILD_LABEL when webpack ran (DefinePlugin in webpack.config.mjs), so a
 * team can see which release of the public remote a page runs; empty (and not shown) by default.
 */
declare const __BUILD_LABEL__: string | undefined;

export const BUILD_LABEL: string = typeof __BUILD_LABEL__ === 'string' ? __BUILD_LABEL__.trim() : '';
