import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Renderer tests that need modules of their own: they replace modules with vi.mock, keep state in
 * the counter's IndexedDB (offline intake) that the next file must not find, or watch which
 * modules the sign-in page loads (a module another file loaded is no longer loaded by it).
 */
const RENDERER_ISOLATED = [
  'tests/unit/renderer/sign-in-first-code.test.ts',
  'tests/unit/renderer/offline-intake/**/*.test.{ts,tsx}',
  'tests/unit/renderer/reference-data/counter-institution-choice.test.tsx',
  'tests/unit/renderer/document-templates/templates-screen.test.tsx',
  'tests/unit/renderer/verdicts/verdict-editor.test.tsx',
  'tests/unit/renderer/transfer/pdf-preview.test.tsx',
  'tests/unit/renderer/browser-counter.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Vitest's default is one worker fewer than the cores: a single worker on the 2-core
          // machines, which left one core idle through the whole unit step.
          maxWorkers: 2,
          include: ['tests/unit/shared/**/*.test.ts', 'tests/unit/main/**/*.test.ts', 'tests/unit/preload/**/*.test.ts', 'tests/i18n/**/*.test.ts', 'tests/unit/bench/**/*.test.ts', 'tests/unit/release/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['tests/unit/renderer/**/*.test.{ts,tsx}'],
          exclude: RENDERER_ISOLATED,
          setupFiles: ['tests/unit/renderer/setup.ts'],
          testTimeout: 15_000,
          maxWorkers: 2,
          // The files of a worker share loaded modules (React, react-aria, the locales, the
          // screens): importing them once per worker instead of once per file halved the step's
          // CPU. setup.ts resets the app's singletons after every test.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer-isolated',
          environment: 'happy-dom',
          include: RENDERER_ISOLATED,
          setupFiles: ['tests/unit/renderer/setup.ts'],
          testTimeout: 15_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'vault',
          environment: 'node',
          include: ['tests/vault/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: each file gets its own database, so keep the number of files in flight small.
          maxWorkers: 2,
          // Each file builds its own app on its own database and nothing is mocked, so the files of
          // a worker can share loaded modules: importing the server once per worker instead of once
          // per file (measured: 78 s of imports → 27 s over the suite).
          isolate: false,
        },
      },
    ],
  },
});
