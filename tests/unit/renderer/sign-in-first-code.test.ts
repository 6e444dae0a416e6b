import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from './api-stub';

// What the sign-in page must fetch before its form can be drawn is the static import graph of the
// entry (main.tsx) and of the login screen's chunk. The API client, zod and the API contracts
// (src/shared/api) are ~230 KB gzipped that the form does not run: they came back into that graph
// once, through the office's default language read with the API client, and the page then
// fetched 73 files instead of ~30. bench:first-screen measures it in Chromium; this pins it:
// statically (the graph), and as the app runs (what main.tsx has loaded when the field appears).

// When each heavy module is first loaded (a mock's factory runs on the module's first import).
const loaded = vi.hoisted(() => [] as string[]);
vi.mock('zod', async (importOriginal) => {
  loaded.push('zod');
  return importOriginal();
});
vi.mock('../../../src/renderer/lib/api-client', async (importOriginal) => {
  loaded.push('api-client');
  return importOriginal();
});
vi.mock('../../../src/renderer/platform/browser-bridge', async (importOriginal) => {
  loaded.push('browser-bridge');
  return importOriginal();
});

const root = resolve(import.meta.dirname, '../../..');
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

interface Graph {
  /** Our source files reached, relative to the repository. */
  files: Set<string>;
  /** Packages reached (their names, e.g. `zod`, `@tanstack/react-query`). */
  packages: Set<string>;
}

function resolveLocal(from: string, specifier: string): string | null {
  if (/\.(css|json|svg|png)$/.test(specifier)) return null;
  const base = resolve(dirname(from), specifier);
  const found = [base, ...EXTENSIONS.map((suffix) => `${base}${suffix}`)].find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
  if (!found) throw new Error(`Cannot resolve '${specifier}' from ${relative(root, from)}`);
  return found;
}

const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** The modules a file loads before it runs: value imports and re-exports, not `import type`, not `import()`. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

function staticGraph(...entries: string[]): Graph {
  const graph: Graph = { files: new Set(), packages: new Set() };
  const pending = entries.map((entry) => resolve(root, entry));
  while (pending.length > 0) {
    const file = pending.pop()!;
    const name = relative(root, file);
    if (graph.files.has(name)) continue;
    graph.files.add(name);
    for (const specifier of staticImports(file)) {
      if (!specifier.startsWith('.')) {
        graph.packages.add(packageName(specifier));
        continue;
      }
      const target = resolveLocal(file, specifier);
      if (target) pending.push(target);
    }
  }
  return graph;
}

/** What must not be in the sign-in page's first code. */
function heavyParts(graph: Graph): string[] {
  return [
    ...[...graph.packages].filter((name) => ['zod', 'ky', '@tanstack/react-query', '@tanstack/query-core'].includes(name)),
    ...[...graph.files].filter((file) => file.startsWith('src/shared/api/') || file === 'src/renderer/lib/api-client.ts'),
  ];
}

describe('the sign-in page’s first code', () => {
  it('reaches neither zod, the API client nor the API contracts from the entry and the login screen', () => {
    const graph = staticGraph('src/renderer/main.tsx', 'src/renderer/features/auth/login-screen.tsx');
    // The walk sees what it should: the language (with the office's default), the form, React.
    expect(graph.files).toContain('src/renderer/lib/language.ts');
    expect(graph.files).toContain('src/renderer/features/auth/sign-in-form.tsx');
    expect(graph.packages).toContain('react');
    expect(heavyParts(graph)).toEqual([]);
  });

  it('would see them if they came back (the schema-checked settings reader reaches both)', () => {
    expect(heavyParts(staticGraph('src/renderer/lib/office-language.ts'))).toEqual(
      expect.arrayContaining(['zod', 'ky', 'src/shared/api/settings.ts', 'src/renderer/lib/api-client.ts']),
    );
  });
});

describe('the sign-in page as it starts', () => {
  it('draws the password field before zod, the API client or the web shell’s bridge is loaded, and loads the bridge after', async () => {
    localStorage.clear();
    const calls = stubApi({
      'GET /api/settings/public/': json(200, { default_language: 'en', session_idle_timeout_minutes: 30 }),
      'GET /api/demo/accounts/': json(200, { demo: false, accounts: [] }),
    });
    document.body.innerHTML = '<div id="root"></div>';
    const loadedWhenDrawn = new Promise<string[]>((drawn) => {
      // Called in the same turn as the change that adds the field.
      new MutationObserver((_records, observer) => {
        if (!document.querySelector('input[type="password"]')) return;
        observer.disconnect();
        drawn([...loaded]);
      }).observe(document.body, { childList: true, subtree: true });
    });

    await import('../../../src/renderer/main');

    expect(await loadedWhenDrawn).toEqual([]);
    // The office's default language was asked for, without the API client.
    expect(calls.map((call) => call.path)).toContain('/api/settings/public/');
    // What the form does not need follows it (so the bridge is there when someone signs in).
    await vi.waitFor(() => expect(loaded).toContain('browser-bridge'), { timeout: 10_000 });
    // The rest of the page (the language switcher, the demo banner's question) before the test ends.
    await vi.waitFor(() => expect(document.querySelector('.language-switcher button')).not.toBeNull(), { timeout: 10_000 });
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/demo/accounts/'), { timeout: 10_000 });
    // Every module of the page is transformed on first import: slow on a busy two-core machine.
  }, 40_000);
});
