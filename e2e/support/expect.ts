/**
 * playwright-core ships no assertion library. `expect(locator)` gives the few web-first assertions the
 * suite needs (retried until they hold or the timeout passes); `expect(anythingElse)` is jest's expect.
 */
import { Locator, Page } from 'playwright-core';

export type { Locator, Page };

const DEFAULT_TIMEOUT = 10_000;

async function retry(what: () => Promise<string | null>, timeout = DEFAULT_TIMEOUT): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    let last: string | null;
    try {
      last = await what();
    } catch (err) {
      last = String((err as Error).message ?? err);
    }
    if (last === null) return;
    if (Date.now() > deadline) throw new Error(last);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Options {
  timeout?: number;
}

function show(locator: Locator): string {
  return String(locator).replace(/^Locator@/, '');
}

function locatorAssertions(locator: Locator) {
  return {
    async toBeVisible(o: Options = {}) {
      await retry(
        async () => ((await locator.isVisible()) ? null : `expected visible: ${show(locator)}`),
        o.timeout,
      );
    },
    async toBeHidden(o: Options = {}) {
      await retry(
        async () => ((await locator.isVisible()) ? `expected hidden: ${show(locator)}` : null),
        o.timeout,
      );
    },
    async toHaveCount(n: number, o: Options = {}) {
      await retry(async () => {
        const c = await locator.count();
        return c === n ? null : `expected ${n} elements, found ${c}: ${show(locator)}`;
      }, o.timeout);
    },
    async toHaveText(text: string | RegExp, o: Options = {}) {
      await retry(async () => {
        const t = (await locator.innerText({ timeout: 1000 })).trim();
        const ok = typeof text === 'string' ? t === text : text.test(t);
        return ok ? null : `expected text ${String(text)}, got ${JSON.stringify(t)}: ${show(locator)}`;
      }, o.timeout);
    },
    async toContainText(text: string | RegExp, o: Options = {}) {
      await retry(async () => {
        const t = await locator.innerText({ timeout: 1000 });
        const ok = typeof text === 'string' ? t.includes(text) : text.test(t);
        return ok ? null : `expected to contain ${String(text)}, got ${JSON.stringify(t)}: ${show(locator)}`;
      }, o.timeout);
    },
    async toHaveValue(value: string, o: Options = {}) {
      await retry(async () => {
        const v = await locator.inputValue({ timeout: 1000 });
        return v === value
          ? null
          : `expected value ${JSON.stringify(value)}, got ${JSON.stringify(v)}: ${show(locator)}`;
      }, o.timeout);
    },
    async toBeDisabled(o: Options = {}) {
      await retry(
        async () =>
          (await locator.isDisabled({ timeout: 1000 })) ? null : `expected disabled: ${show(locator)}`,
        o.timeout,
      );
    },
    async toBeEnabled(o: Options = {}) {
      await retry(
        async () =>
          (await locator.isEnabled({ timeout: 1000 })) ? null : `expected enabled: ${show(locator)}`,
        o.timeout,
      );
    },
    async toHaveAttribute(name: string, value: string | RegExp, o: Options = {}) {
      await retry(async () => {
        const v = await locator.getAttribute(name, { timeout: 1000 });
        const ok = v !== null && (typeof value === 'string' ? v === value : value.test(v));
        return ok ? null : `expected ${name}=${String(value)}, got ${JSON.stringify(v)}: ${show(locator)}`;
      }, o.timeout);
    },
  };
}

/** Waits until `check` returns true. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  message: string,
  timeout = DEFAULT_TIMEOUT,
) {
  await retry(async () => ((await check()) ? null : message), timeout);
}

type LocatorAssertions = ReturnType<typeof locatorAssertions>;

function isLocator(v: unknown): v is Locator {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as Locator).waitFor === 'function' &&
    typeof (v as Locator).getByRole === 'function' &&
    typeof (v as Page).goto !== 'function'
  );
}

const jestExpect = (globalThis as unknown as { expect: jest.Expect }).expect;

export const expect = new Proxy(
  (value: unknown) => (isLocator(value) ? locatorAssertions(value) : jestExpect(value)),
  { get: (_target, prop) => (jestExpect as unknown as Record<PropertyKey, unknown>)[prop] },
) as unknown as { (locator: Locator): LocatorAssertions } & jest.Expect;
