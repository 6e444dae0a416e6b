import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import yaml from 'js-yaml';
import type { BuilderConfig } from '../../../scripts/dist-config.mjs';

// electron-builder.yml as the release tests read it, and electron-builder's own validation of a
// configuration (app-builder-lib's JSON schema, the same call `electron-builder` makes first).

export const root = resolve(import.meta.dirname, '../../..');
export const requireFromRoot = createRequire(join(root, 'package.json'));

export function loadBuilderConfig(): BuilderConfig {
  return yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
}

const { validateConfiguration } = requireFromRoot('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration(config: BuilderConfig, debugLogger: unknown): Promise<void>;
};
const { DebugLogger } = requireFromRoot('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

/** Resolves when electron-builder accepts the configuration; rejects with its message otherwise. */
export function validateBuilderConfig(config: BuilderConfig): Promise<void> {
  return validateConfiguration(structuredClone(config), new DebugLogger(false));
}
