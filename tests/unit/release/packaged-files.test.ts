import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_MODULES, requiredNativePackages } from '../../../scripts/release-env.mjs';
import { loadBuilderConfig, root } from './builder-config';

// electron-builder.yml's files, asarUnpack and extraResources patterns against a real build
// (out/ from electron-vite, built here when missing) and the installed node_modules, matched
// with the minimatch electron-builder uses and its options ({dot: true}).
const config = loadBuilderConfig();
const { Minimatch } = createRequire(join(root, 'node_modules/app-builder-lib/package.json'))('minimatch') as {
  Minimatch: new (pattern: string, options: { dot: boolean }) => { match(path: string): boolean };
};
const matcher = (pattern: string) => new Minimatch(pattern, { dot: true });

function walk(dir: string, base = root): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path, base) : [relative(base, path).split('\\').join('/')];
  });
}

/** Whether the ordered pattern list (negations with "!") takes `file`, as electron-builder does. */
function included(patterns: string[], file: string): boolean {
  let result = false;
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) {
      if (matcher(pattern.slice(1)).match(file)) result = false;
    } else if (matcher(pattern).match(file)) result = true;
  }
  return result;
}

const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string; dependencies: Record<string, string> };
let outFiles: string[] = [];

beforeAll(() => {
  if (!existsSync(join(root, packageJson.main))) execFileSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], { cwd: root, stdio: 'ignore' });
  outFiles = walk(join(root, 'out'));
}, 300_000);

describe('files: what app.asar holds', () => {
  const files: string[] = config.files;

  it('every pattern that adds files matches files of a build', () => {
    for (const pattern of files.filter((item) => !item.startsWith('!'))) expect(outFiles.concat('package.json').some((file) => matcher(pattern).match(file)), pattern).toBe(true);
  });

  it('takes the entry points main loads: main, the forked server, the preload and the page', () => {
    const windowSource = readFileSync(join(root, 'src/main/window.ts'), 'utf8');
    const preload = /preload: join\(outDir, '([^']+)', '([^']+)'\)/.exec(windowSource);
    expect(preload).not.toBeNull();
    const needed = [packageJson.main, 'package.json', 'out/main/server.js', `out/${preload![1]}/${preload![2]}`, 'out/renderer/index.html'];
    for (const file of needed) {
      expect(existsSync(join(root, file)), file).toBe(true);
      expect(included(files, file), file).toBe(true);
    }
  });

  it('takes every built JavaScript, style and asset file, and no source map', () => {
    const shipped = outFiles.filter((file) => /\.(js|cjs|mjs|css|html|woff2?|svg|png)$/.test(file) && !file.includes('/.vite/'));
    expect(shipped.length).toBeGreaterThan(10);
    for (const file of shipped) expect(included(files, file), file).toBe(true);
    for (const file of outFiles.filter((item) => item.endsWith('.map'))) expect(included(files, file), file).toBe(false);
  });

  it('every package the main and server bundles import is a production dependency (electron-builder ships only those)', () => {
    const builtins = new Set([...builtinModules, 'electron']);
    const imported = new Set<string>();
    for (const file of outFiles.filter((item) => item.startsWith('out/main/') && item.endsWith('.js'))) {
      const code = readFileSync(join(root, file), 'utf8');
      for (const match of code.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s*["']([^"'./][^"']*)["']/gm)) imported.add(match[1]);
      for (const match of code.matchAll(/^\s*import\s*["']([^"'./][^"']*)["']/gm)) imported.add(match[1]);
    }
    const packages = [...imported].map((specifier) => specifier.replace(/^node:/, '')).filter((specifier) => !builtins.has(specifier.split('/')[0]) && !builtins.has(specifier));
    const names = new Set(packages.map((specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')));
    expect(names.size).toBeGreaterThan(0);
    for (const name of names) expect(Object.keys(packageJson.dependencies), name).toContain(name);
  });
});

describe('asarUnpack: what stays outside the archive', () => {
  const patterns: string[] = config.asarUnpack;
  const moduleFiles = (name: string) => walk(join(root, 'node_modules', ...name.split('/')));

  it('every pattern matches installed files', () => {
    const candidates = [...NATIVE_MODULES, ...requiredNativePackages(hostPlatform(), [hostArch()]), '@electric-sql/pglite'].flatMap(moduleFiles);
    for (const pattern of patterns) expect(candidates.some((file) => matcher(pattern).match(file)), pattern).toBe(true);
  });

  it("unpacks this machine's native binaries and PGlite's engine and data files", () => {
    const binaries = requiredNativePackages(hostPlatform(), [hostArch()]).flatMap(moduleFiles).filter((file) => file.endsWith('.node'));
    expect(binaries.length).toBe(NATIVE_MODULES.length);
    const pglite = moduleFiles('@electric-sql/pglite').filter((file) => /\/dist\/(pglite\.(wasm|data)|initdb\.wasm)$/.test(file));
    expect(pglite.length).toBe(3);
    for (const file of [...binaries, ...pglite]) expect(included(patterns, file), file).toBe(true);
  });

  it('native modules are production dependencies, so electron-builder packs them', () => {
    for (const name of [...NATIVE_MODULES, '@electric-sql/pglite']) expect(Object.keys(packageJson.dependencies)).toContain(name);
  });
});

describe('extraResources: files the server opens from the resources folder', () => {
  it('ships every resource the server asks resourcePath() for, and not the icon', () => {
    const [entry] = config.extraResources as Array<{ from: string; to: string; filter: string[] }>;
    expect(entry).toMatchObject({ from: 'resources', to: 'resources' });
    const asked = walk(join(root, 'src/server'))
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => [...readFileSync(join(root, file), 'utf8').matchAll(/resourcePath\('([^']+)'\)/g)].map((match) => match[1]));
    expect(asked.length).toBeGreaterThan(0);
    for (const file of asked) {
      expect(existsSync(join(root, entry.from, file)), file).toBe(true);
      expect(included(entry.filter, file), file).toBe(true);
    }
    expect(included(entry.filter, 'icon.png')).toBe(false);
  });
});

function hostPlatform(): 'win32' | 'darwin' | 'linux' {
  return process.platform === 'win32' || process.platform === 'darwin' ? process.platform : 'linux';
}
function hostArch(): string {
  return process.arch === 'arm64' ? 'arm64' : 'x64';
}
