// @ts-check
/**
 * What the three bundles' webpack and module-federation configs have in common, so each bundle's own
 * config says only what is particular to it (its name, exposes, port, page).
 */
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

/** Where `npm run dev` proxies /api and /version.json. */
export const DEV_API = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * '[name].[contenthash:8].js', except while webpack 5.111 hashes the federation runtime module: that
 * module resolves its own chunk's filename before any content hash exists and the build would fail
 * ("Path variable [contenthash:8] not implemented in this context", module-federation/core#5077). The
 * unhashed name it gets then has the same directory, which is all the runtime module takes from it.
 * @param {import('webpack').PathData} pathData
 */
export const hashedEntryFilename = (pathData) =>
  pathData.chunk && 'contentHash' in pathData.chunk && pathData.chunk.contentHash.javascript
    ? '[name].[contenthash:8].js'
    : '[name].js';

/**
 * react, react-dom (and their subpaths: jsx-runtime, client) and react-query: one copy per page, never
 * eager, each at the version the bundle's package.json asks for.
 * @param {Record<string, string>} deps the bundle's package.json dependencies
 */
export function sharedSingletons(deps) {
  /** @param {string | undefined} version */
  const singleton = (version) => ({ singleton: true, requiredVersion: version, eager: false });
  return {
    react: singleton(deps.react),
    'react/': singleton(deps.react),
    'react-dom': singleton(deps['react-dom']),
    'react-dom/': singleton(deps['react-dom']),
    '@tanstack/react-query': singleton(deps['@tanstack/react-query']),
  };
}

/**
 * The configuration every bundle starts from: TypeScript through ts-loader (type checking runs in
 * `npm run typecheck`), content-hashed chunks in production, unhashed entry points.
 * @param {{ dir: string; production: boolean; publicPath: string; cssLoader: string }} options
 * @returns {import('webpack').Configuration}
 */
export function baseConfig({ dir, production, publicPath, cssLoader }) {
  return {
    mode: production ? 'production' : 'development',
    entry: './src/index.ts',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath,
      filename: production ? hashedEntryFilename : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true } },
        },
        {
          test: /\.css$/,
          // Production builds extract CSS into stylesheets (mini-css-extract-plugin), with source maps
          // of their own; style-loader, which would inline a map into the JavaScript, is for dev only.
          use: [cssLoader, 'css-loader'],
        },
      ],
    },
    performance: { hints: false },
  };
}

/**
 * The dev server of one bundle on its own port. The browser's Host goes through the proxy unchanged, so
 * the API's CSRF check sees its own origin (Origin matches).
 * @param {number} port
 * @param {import('webpack-dev-server').Configuration} [extra]
 * @returns {import('webpack-dev-server').Configuration}
 */
export function devServer(port, extra = {}) {
  return {
    port,
    host: '127.0.0.1',
    hot: false,
    historyApiFallback: true,
    proxy: [{ context: ['/api', '/version.json'], target: DEV_API, changeOrigin: false }],
    ...extra,
  };
}

/**
 * A remote: remoteEntry.js + mf-manifest.json for the host, served under /remotes/<name>/ in production
 * (publicPath 'auto': the runtime derives it from the manifest's URL), and in `npm run dev` a standalone
 * page of its own on `port`, for its team.
 * @param {{ dir: string; federation: any; title: string; port: number; plugins?: import('webpack').WebpackPluginInstance[] }} options
 * @returns {(env?: object, argv?: { mode?: string }) => import('webpack').Configuration & { devServer?: import('webpack-dev-server').Configuration }}
 */
export function remoteConfig({ dir, federation, title, port, plugins = [] }) {
  return (_env = {}, argv = {}) => {
    const production = argv.mode !== 'development';
    return {
      // In production a view's CSS is its own file, not JavaScript: the remote's chunk loading fetches a
      // view chunk's stylesheet beside its script and resolves the chunk only once both have loaded, so
      // the view never paints unstyled and the host still needs nothing beyond loading the view. The
      // standalone dev page keeps style-loader.
      ...baseConfig({
        dir,
        production,
        publicPath: 'auto',
        cssLoader: production ? MiniCssExtractPlugin.loader : 'style-loader',
      }),
      plugins: [
        ...plugins,
        ...(production ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css' })] : []),
        new ModuleFederationPlugin(
          production
            ? federation
            : // The standalone page has no host to hand over a federation runtime.
              { ...federation, experiments: { ...federation.experiments, externalRuntime: false } },
        ),
        // The standalone page exists for the team's own `npm run dev`; the host never loads it.
        ...(production ? [] : [new HtmlWebpackPlugin({ templateContent: standalonePage(title) })]),
      ],
      devServer: devServer(port, { headers: { 'Access-Control-Allow-Origin': '*' } }),
    };
  };
}

/** @param {string} title */
const standalonePage = (title) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Friends of the Channel — ${title} (standalone)</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * Module federation options every remote shares: remoteEntry.js, a manifest, the singletons, and the
 * host's runtime instead of a second copy.
 * @param {{ name: string; exposes: Record<string, string>; deps: Record<string, string> }} options
 */
export function remoteFederation({ name, exposes, deps }) {
  return {
    name,
    filename: 'remoteEntry.js',
    exposes,
    shared: sharedSingletons(deps),
    shareStrategy: /** @type {const} */ ('loaded-first'),
    manifest: true,
    dts: false,
    experiments: {
      // The host hands over its federation runtime (host/src/lib/provide-runtime-core.ts), so
      // remoteEntry.js carries no second copy. remoteConfig turns this off for the standalone dev page.
      externalRuntime: true,
      // Browser-only bundles: leave the runtime's Node script loader out.
      optimization: { target: /** @type {const} */ ('web') },
    },
  };
}
