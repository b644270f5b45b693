/**
 * Accessibility and layout probes for the browser tests: an axe-core scan of the page, and whether the
 * page scrolls sideways (docs/product.md §2 "Accessibility and small screens").
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Findings at these impacts fail a test; moderate and minor ones are reported by axe but tolerated. */
const FAILING_IMPACTS = ['serious', 'critical'];

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[] }[];
  }[];
}

/** Runs axe-core on the page as it is and returns its serious and critical findings. */
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  // Evaluated through the DevTools protocol, so the product's CSP needs no exception for the scanner.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(
    () =>
      (window as unknown as { axe: { run: (o: object) => Promise<unknown> } }).axe.run({
        resultTypes: ['violations'],
      }) as Promise<AxeResult>,
  );
  return result.violations
    .filter((v) => v.impact !== null && FAILING_IMPACTS.includes(v.impact))
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
    }));
}

export interface Overflow {
  /** The document's scrollable width beyond the viewport, in CSS pixels (0: no sideways scrolling). */
  excess: number;
  /** Some elements reaching past the right edge, to say what overflows. */
  culprits: string[];
}

/** How far the page scrolls sideways, and which elements reach past the viewport's right edge. */
export function horizontalOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const culprits: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width > 0 && rect.right > width + 1) {
        const id = element.id ? `#${element.id}` : '';
        const cls = typeof element.className === 'string' && element.className ? `.${element.className}` : '';
        culprits.push(`${element.tagName.toLowerCase()}${id}${cls} (right ${Math.round(rect.right)})`);
        if (culprits.length >= 8) break;
      }
    }
    return { excess: Math.max(0, root.scrollWidth - width), culprits };
  });
}
