// The module graph of the built renderer, read from Vite's .vite/manifest.json: which files a
// screen needs before it can be used. Pure functions, so a unit test can check them on a fixture.

/** One row of Vite's build manifest (only the fields read here). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/**
 * The keys reached from `roots` through static imports only: what the browser must fetch
 * before the roots' code runs (dynamic imports wait until the code asks for them).
 */
export function staticClosure(manifest: Manifest, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const key = pending.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no entry '${key}'`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  return [...seen];
}

/**
 * The manifest keys of one language's texts: its `…/locales/<language>/<namespace>.json` files
 * (only `namespaces` when given), or the `locale-<language>` chunk electron.vite.config.ts
 * groups the first screen's namespaces into (the other screens' are `locale-<language>-screens`).
 */
export function localeKeys(manifest: Manifest, language: string, namespaces?: readonly string[]): string[] {
  const file = new RegExp(`(^|/)locales/${language}/([^/]+)\\.json$`);
  const wanted = (key: string) => {
    const namespace = file.exec(key)?.[2];
    return namespace !== undefined && (!namespaces || namespaces.includes(namespace));
  };
  return Object.entries(manifest)
    .filter(([key, chunk]) => wanted(key) || chunk.name === `locale-${language}`)
    .map(([key]) => key);
}

export interface FirstScreenFiles {
  /** Distinct JavaScript files, in no particular order. */
  js: string[];
  css: string[];
}

/**
 * Everything one route needs before it is interactive: the HTML entry with its static imports,
 * the route's lazy chunk with its static imports, and the given languages' locale files (with
 * theirs: the saved language and en, its fallback; only `namespaces` when given). Files shared
 * by several are counted once.
 */
export function firstScreenFiles(
  manifest: Manifest,
  options: { entry: string; route: string; languages: readonly string[]; namespaces?: readonly string[] },
): FirstScreenFiles {
  const roots = [options.entry, options.route, ...options.languages.flatMap((language) => localeKeys(manifest, language, options.namespaces))];
  const keys = staticClosure(manifest, roots);
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (/\.m?js$/.test(chunk.file)) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js: [...js], css: [...css] };
}

/** The lazily loaded screens: manifest keys of dynamic entries under features/, with their own file. */
export function routeChunks(manifest: Manifest): { key: string; file: string }[] {
  return Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && /(^|\/)features\/.+-screen\.tsx$/.test(key))
    .map(([key, chunk]) => ({ key, file: chunk.file }))
    .sort((a, b) => a.key.localeCompare(b.key));
}
