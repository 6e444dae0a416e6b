import type { TestProject } from 'vitest/node';
import { createTemplate } from './test-database';

// Once per run of the server tests: the migrated, seeded template every test file copies.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const { template, dispose } = await createTemplate();
  console.info(`server tests: ${template.driver} template ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('naricTestTemplate', template);
  return dispose;
}
