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
import { baseConfig, devServer } from '../tooling/webpack.mjs';
import federation from './module-federation.config.mjs';

const DEV_REMOTES = {
  public: process.env.PUBLIC_REMOTE_URL ?? 'http://127.0.0.1:8081/mf-manifest.json',
  admin: process.env.ADMIN_REMOTE_URL ?? 'http://127.0.0.1:8082/mf-manifest.json',
};

/** @returns {import('webpack').Configuration & { devServer?: import('webpack-dev-server').Configuration }} */
export default (_env = {}, argv = {}) => {
  const production = argv.mode !== 'development';
  return {
    ...baseConfig({
      dir: path.dirname(fileURLToPath(import.meta.url)),
      production,
      publicPath: '/',
      cssLoader: production ? MiniCssExtractPlugin.loader : 'style-loader',
    }),
    plugins: [
      new ModuleFederationPlugin(federation),
      new HtmlWebpackPlugin({ template: './src/index.html' }),
      ...(production ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css' })] : []),
    ],
    devServer: devServer(8080, {
      setupMiddlewares: (middlewares, server) => {
        server.app?.get('/remotes.json', (_req, res) => {
          res.json(DEV_REMOTES);
        });
        return middlewares;
      },
    }),
  };
};
