import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Any spec can call this: fails on WCAG 2.1 A/AA violations of the page as it stands. */
export async function expectNoAccessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // react-aria's live-announcer region is transient and not ours to label.
    .exclude('[data-live-announcer]')
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * The serious and critical WCAG 2.1 A/AA findings on the page as it stands, one line each
 * ("rule: target, target"), for suites that visit many screens and report them together.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-live-announcer]')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
