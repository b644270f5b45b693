// @ts-check
/** The public remote, served at /remotes/public/; standalone on :8081 in `npm run dev`. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { remoteConfig } from '../tooling/webpack.mjs';
import federation from './module-federation.config.mjs';

export default remoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  federation,
  title: 'Public remote',
  port: 8081,
  plugins: [
    // BUILD_LABEL=<label> shows 'build <label>' under the search view (src/config/build-info.ts).
    new webpack.DefinePlugin({ __BUILD_LABEL__: JSON.stringify(process.env.BUILD_LABEL ?? '') }),
  ],
});
