import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

// axe-core run straight in the page rather than through AxeBuilder: AxeBuilder's analyze()
// evaluates the whole axe source (1.3 MB) into the page on every call, then opens a second,
// blank page, evaluates the source there too and finishes the run in it. The route × role suite
// checks hundreds of screens, so the minified source goes in once per document here and every
// check is one axe.run. The axe-core is the one @axe-core/playwright itself depends on (same version, same
// rules, same findings); resultTypes: ['violations'] is axe's documented speed option (passes,
// incomplete and inapplicable results are not collected node by node), and violations are
// reported exactly as before. The app has no frames, so nothing is lost by not descending into any.

const axeSource = (): string => {
  const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
  return readFileSync(fromAxeBuilder.resolve('axe-core/axe.min.js'), 'utf8');
};
let source: string | undefined;

/** WCAG 2.1 A and AA, the level the spec asks of every screen. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  id: string;
  impact: string | null;
  targets: string[];
}

interface AxeInPage {
  run(
    context: { exclude: string[][] },
    options: { runOnly: { type: 'tag'; values: string[] }; resultTypes: string[] },
  ): Promise<{ violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[] }>;
}

/** The WCAG 2.1 A/AA violations of the page as it stands, each with the selectors of its nodes. */
async function violationsOf(page: Page): Promise<Violation[]> {
  // A new document (a reload, a page.goto) has lost the previous one's axe: inject it again.
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate((source ??= axeSource()));
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: AxeInPage }).axe;
    // react-aria's live-announcer region is transient and not ours to label.
    const results = await axe.run({ exclude: [['[data-live-announcer]']] }, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, WCAG_TAGS);
}

const describe = (violation: Violation) => `${violation.id}: ${violation.targets.join(', ')}`;

/** Any spec can call this: fails on WCAG 2.1 A/AA violations of the page as it stands. */
export async function expectNoAccessibilityViolations(page: Page) {
  expect((await violationsOf(page)).map(describe)).toEqual([]);
}

/**
 * The serious and critical WCAG 2.1 A/AA findings on the page as it stands, one line each
 * ("rule: target, target"), for suites that visit many screens and report them together.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  return (await violationsOf(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map(describe);
}
