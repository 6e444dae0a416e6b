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
