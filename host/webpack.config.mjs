// @ts-check
/**
 * The host shell. Served at '/' in production (publicPath '/'); in `npm run dev` on :8080, proxying the
 * API and answering /remotes.json itself so the remotes come from their own dev servers (:8081, :8082).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import federation from './module-federation.config.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
const API = process.env.API_URL ?? 'http://127.0.0.1:3000';
const DEV_REMOTES = {
  public: process.env.PUBLIC_REMOTE_URL ?? 'http://127.0.0.1:8081/mf-manifest.json',
  admin: process.env.ADMIN_REMOTE_URL ?? 'http://127.0.0.1:8082/mf-manifest.json',
};

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
      publicPath: '/',
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
        { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
      ],
    },
    plugins: [
      new ModuleFederationPlugin(federation),
      new HtmlWebpackPlugin({ template: './src/index.html' }),
      ...(production ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css' })] : []),
    ],
    performance: { hints: false },
    devServer: {
      port: 8080,
      host: '127.0.0.1',
      hot: false,
      historyApiFallback: true,
      // The browser's Host goes through, so the API's CSRF check sees its own origin (Origin matches).
      proxy: [{ context: ['/api', '/version.json'], target: API, changeOrigin: false }],
      setupMiddlewares: (middlewares, server) => {
        server.app?.get('/remotes.json', (_req, res) => {
          res.json(DEV_REMOTES);
        });
        return middlewares;
      },
    },
  };
};
