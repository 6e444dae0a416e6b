import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` as a user runs it, in a child process without a terminal (stdin is a pipe).
const root = resolve(import.meta.dirname, '../../..');
const noElectron = mkdtempSync(join(tmpdir(), 'naric-no-electron-'));
const withElectron = mkdtempSync(join(tmpdir(), 'naric-electron-'));
writeFileSync(join(withElectron, 'electron'), '#!/bin/sh\n', { mode: 0o755 });
afterAll(() => {
  rmSync(noElectron, { recursive: true, force: true });
  rmSync(withElectron, { recursive: true, force: true });
});

function start(args: string[], env: Record<string, string | undefined>) {
  const childEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, NARIC_START_WEB: undefined, ...env })) if (value !== undefined) childEnv[key] = value;
  return spawnSync(process.execPath, ['scripts/start.mjs', ...args], { cwd: root, env: childEnv, encoding: 'utf8', timeout: 20_000 });
}

// util-linux `script` gives the child a terminal, to answer the question as a person would.
const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function startInTerminal(answer: string, env: Record<string, string>) {
  const childEnv = { ...process.env, ...env };
  delete childEnv.NARIC_START_WEB;
  return spawnSync('script', ['-qec', `${JSON.stringify(process.execPath)} scripts/start.mjs --dry-run`, '/dev/null'], {
    cwd: root,
    env: childEnv,
    input: `${answer}\n`,
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('npm start (scripts/start.mjs)', () => {
  it('without the Electron binary and without a terminal: one clear paragraph, then exit 1', () => {
    const result = start([], { ELECTRON_OVERRIDE_DIST_PATH: noElectron });
    expect(result.status).toBe(1);
    const text = result.stderr.replace(/\s+/g, ' ');
    expect(text).toContain('The Electron binary is not installed');
    expect(text).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD=1');
    expect(text).toContain('npm rebuild electron');
    expect(text).toContain('node node_modules/electron/install.js');
    expect(text).toContain('npm run web');
    expect(result.stdout).not.toContain('Start the browser shell now?');
    // One paragraph: no blank line inside it.
    expect(result.stderr.trim()).not.toMatch(/\n\s*\n/);
  });

  it('with NARIC_START_WEB=1 goes on to the browser shell', () => {
    const result = start(['--dry-run'], { ELECTRON_OVERRIDE_DIST_PATH: noElectron, NARIC_START_WEB: '1' });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/would run: npm(\.cmd)? run web/);
  });

  it.skipIf(!hasScript)('in a terminal asks, and starts the browser shell on yes (or Enter)', () => {
    for (const answer of ['y', '']) {
      const result = startInTerminal(answer, { ELECTRON_OVERRIDE_DIST_PATH: noElectron });
      expect(result.stdout).toContain('Start the browser shell now? [Y/n]');
      expect(result.stdout).toMatch(/would run: npm(\.cmd)? run web/);
      expect(result.status).toBe(0);
    }
  });

  it.skipIf(!hasScript)('in a terminal exits 1 on no', () => {
    const result = startInTerminal('n', { ELECTRON_OVERRIDE_DIST_PATH: noElectron });
    expect(result.stdout).toContain('Start the browser shell now? [Y/n]');
    expect(result.stdout).not.toContain('would run');
    expect(result.status).toBe(1);
  });

  it('with the Electron binary builds, then opens the desktop app', () => {
    const result = start(['--dry-run'], { ELECTRON_OVERRIDE_DIST_PATH: withElectron });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`Electron found at ${join(withElectron, 'electron')}`);
    expect(result.stdout).toMatch(/would run: npx(\.cmd)? electron-vite build\n.*would run: npx(\.cmd)? electron-vite preview/);
    expect(result.stderr).not.toContain('not installed');
  });
});
