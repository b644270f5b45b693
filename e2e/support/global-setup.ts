/** Fails the whole suite at once, with the fix, when the build or Chromium is missing. */
import { assertChromium } from './browser';
import { assertBuilt } from './server';

export default function globalSetup(): void {
  assertBuilt();
  assertChromium();
}
