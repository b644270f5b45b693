// @ts-check
/**
 * The public remote: remoteEntry.js + mf-manifest.json for the host, and in `npm run dev` a standalone
 * page on :8081. In production it is served at /remotes/public/, so publicPath is 'auto' (the runtime
 * derives it from the manifest's URL).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import federation from './module-federation.config.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
const API = process.env.API_URL ?? 'http://127.0.0.1:3000';
const STANDALONE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Friends of the Channel — Public remote (standalone)</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * '[name].[contenthash:8].js', except while webpack 5.111 hashes the federation runtime module: that
 * module resolves its own chunk's filename before any content hash exists and the build would fail
 * ("Path variable [contenthash:8] not implemented in this context", module-federation/core#5077). The
 * unhashed name it gets then has the same directory, which is all the runtime module takes from it.
 * @param {import('webpack').PathData} pathData
 */
const hashedEntryFilename = (pathData) =>
  pathData.chunk && 'contentHash' in pathData.chunk && pathData.chunk.contentHash.javascript
    ? '[name].[contenthash:8].js'
    : '[name].js';

/** @returns {import('webpack').Configuration & { devServer?: import('webpack-dev-server').Configuration }} */
export default (_env = {}, argv = {}) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: './src/index.ts',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath: 'auto',
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
        // CSS travels inside the view chunks, so the host needs no extra stylesheet to load a view.
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
      ],
    },
    plugins: [
      // BUILD_LABEL=<label> shows 'build <label>' under the search view (src/config/build-info.ts).
      new webpack.DefinePlugin({ __BUILD_LABEL__: JSON.stringify(process.env.BUILD_LABEL ?? '') }),
      new ModuleFederationPlugin(
        production
          ? federation
          : { ...federation, experiments: { ...federation.experiments, externalRuntime: false } },
      ),
      // The standalone page exists for the public team's own `npm run dev`; the host never loads it.
      ...(production ? [] : [new HtmlWebpackPlugin({ templateContent: STANDALONE_PAGE })]),
    ],
    performance: { hints: false },
    devServer: {
      port: 8081,
      host: '127.0.0.1',
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      historyApiFallback: true,
      // The browser's Host goes through, so the API's CSRF check sees its own origin (Origin matches).
      proxy: [{ context: ['/api', '/version.json'], target: API, changeOrigin: false }],
    },
  };
};
