import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { FIRST_SCREEN_NAMESPACES } from '../src/renderer/lib/first-screen-namespaces';
import { measureInChromium } from './first-screen-browser';
import { firstScreenFiles, routeChunks, type Manifest } from './first-screen-graph';

// The weight of the first screen, over the built renderer: the JavaScript the sign-in page
// (/login) loads before it is interactive — index.html's entry with its static imports, the login
// screen's lazy chunk with its static imports, and the texts of one language (and of en, the
// fallback) — gzipped, against the target of 180 KB; and each route's own lazy chunk against 60 KB.
// Then the same page in Chromium (first-screen-browser.ts): what it really requests before the
// password field is there, and how long that takes; a lazy chunk started too early shows only there.
// It prints; it never fails on a missed target (figures vary with the machine's libraries and load).
//
//   npm run build && npm run bench:first-screen            # out/renderer, English, 5 visits
//   npm run bench:first-screen -- /tmp/out/renderer sq     # another build, another language
//   npm run bench:first-screen -- out/renderer en --runs 9 # more visits for the time
//   npm run bench:first-screen -- --no-browser             # the manifest walk only
//   CHROMIUM_PATH=/path/to/chrome npm run bench:first-screen

const SIGN_IN_TARGET = 180 * 1024;
const ROUTE_TARGET = 60 * 1024;
const ENTRY = 'index.html';
const LOGIN_ROUTE = 'features/auth/login-screen.tsx';

const args = process.argv.slice(2);
const flagAt = args.indexOf('--runs');
const runs = flagAt >= 0 ? Number(args[flagAt + 1]) : 5;
const positional = args.filter((arg, index) => !arg.startsWith('--') && (flagAt < 0 || index !== flagAt + 1));
const root = resolve(positional[0] ?? 'out/renderer');
const language = positional[1] ?? 'en';
const inBrowser = !args.includes('--no-browser');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

const sizes = new Map<string, Size>();
async function sizeOf(file: string): Promise<Size> {
  const known = sizes.get(file);
  if (known) return known;
  const content = await readFile(join(root, file));
  // gzip at zlib's default level: what the server's on-the-fly compression sends.
  const size = {
    raw: content.length,
    gzip: gzipSync(content).length,
    brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
  sizes.set(file, size);
  return size;
}

const shorten = (file: string) => (file.length > 56 ? `${file.slice(0, 53)}...` : file);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (bytes: number, target: number) => (bytes <= target ? 'met' : 'NOT met');

async function main(): Promise<void> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(root, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch (error) {
    throw new Error(`No build manifest in ${root}/.vite (run npm run build first)`, { cause: error });
  }

  // The app fetches the saved language and en, its fallback, in the first screen's namespaces
  // (src/renderer/lib/i18n.ts); the other screens' texts follow once it is drawn.
  const signIn = firstScreenFiles(manifest, {
    entry: ENTRY,
    route: LOGIN_ROUTE,
    languages: [...new Set([language, 'en'])],
    namespaces: FIRST_SCREEN_NAMESPACES,
  });
  const total: Size = { raw: 0, gzip: 0, brotli: 0 };
  console.log(`Sign-in page (/login, language ${language}) — ${root}`);
  const rows = await Promise.all(signIn.js.map(async (file) => ({ file, size: await sizeOf(file) })));
  for (const { file, size } of rows.sort((a, b) => b.size.gzip - a.size.gzip)) {
    console.log(`  ${shorten(file).padEnd(56)} ${kb(size.raw).padStart(10)} ${kb(size.gzip).padStart(10)} gzip ${kb(size.brotli).padStart(10)} br`);
    total.raw += size.raw;
    total.gzip += size.gzip;
    total.brotli += size.brotli;
  }
  let cssGzip = 0;
  for (const file of signIn.css) cssGzip += (await sizeOf(file)).gzip;
  console.log(
    `  ${`${signIn.js.length} JS files`.padEnd(56)} ${kb(total.raw).padStart(10)} ${kb(total.gzip).padStart(10)} gzip ${kb(total.brotli).padStart(10)} br`,
  );
  console.log(`  (CSS besides: ${signIn.css.length} files, ${kb(cssGzip)} gzip)`);
  console.log(`  target: ≤ ${kb(SIGN_IN_TARGET)} gzipped JS — ${verdict(total.gzip, SIGN_IN_TARGET)}`);

  console.log(`\nEach route's own chunk (target ≤ ${kb(ROUTE_TARGET)} gzipped)`);
  let allMet = true;
  for (const { key, file } of routeChunks(manifest)) {
    const size = await sizeOf(file);
    allMet &&= size.gzip <= ROUTE_TARGET;
    console.log(`  ${key.padEnd(62)} ${kb(size.raw).padStart(10)} ${kb(size.gzip).padStart(10)} gzip — ${verdict(size.gzip, ROUTE_TARGET)}`);
  }
  console.log(`  every route chunk: ${allMet ? 'met' : 'NOT met'}`);

  if (!inBrowser) return;
  if (!existsSync(chromiumPath)) {
    console.log(`\nNo Chromium at ${chromiumPath} (set CHROMIUM_PATH): the page was not measured in a browser.`);
    return;
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of visits, at least 1');
  await measureInChromium({ webRoot: root, language, runs, executablePath: chromiumPath });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
