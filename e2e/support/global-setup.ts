/** Fails the whole suite at once, with the fix, when the build or Chromium is missing; snapshots the build. */
import { assertChromium } from './browser';
import { SNAPSHOT_ENV, snapshotBuild } from './server';

export default function globalSetup(): void {
  assertChromium();
  process.env[SNAPSHOT_ENV] = snapshotBuild();
}
