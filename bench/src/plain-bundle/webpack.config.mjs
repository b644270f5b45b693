// @ts-check
/**
 * The comparison for the federation overhead: the public remote's views (its standalone app: search,
 * leaderboard, creator page) with react, react-dom and react-query as one plain bundle — no module
 * federation, no host, no runtime loading. Built by `npm run bench` into bench/.cache/plain-bundle.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const remote = path.join(repo, 'public-remote');

/** @type {import('webpack').Configuration} */
export default {
  mode: 'production',
  context: remote,
  entry: './src/bootstrap.tsx',
  devtool: false,
  output: {
    path: path.join(repo, 'bench/.cache/plain-bundle'),
    filename: 'plain.[contenthash:8].js',
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        use: {
          loader: 'ts-loader',
          options: { transpileOnly: true, configFile: path.join(remote, 'tsconfig.json') },
        },
      },
      // A stylesheet of its own, as the public remote's production build has it: the comparison is
      // JavaScript with JavaScript.
      { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
    ],
  },
  plugins: [new MiniCssExtractPlugin({ filename: 'plain.[contenthash:8].css' })],
  performance: { hints: false },
};
