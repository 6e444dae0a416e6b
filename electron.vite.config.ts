import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { FIRST_SCREEN_NAMESPACES } from './src/renderer/lib/first-screen-namespaces';

/** A module id's directory under node_modules, e.g. `react-dom` or `@tanstack/query-core`. */
const inPackages = (...names: string[]) => new RegExp(`node_modules[\\\\/](${names.join('|')})[\\\\/]`);

const LOCALE_FILE = /locales[\\/](\w+)[\\/]([^\\/]+)\.json$/;

/**
 * The renderer's chunks: libraries in chunks of their own with stable contents, so a new build
 * of the app's code leaves them cached (assets are served immutable) and route chunks hold only
 * their screen; each language's texts in two lazy chunks, the first screen's namespaces and the
 * other screens' (lib/i18n.ts fetches the saved language's first, the rest once it is drawn).
 */
const RENDERER_CHUNK_GROUPS = [
  { name: 'vendor-react', test: inPackages('react', 'react-dom', 'scheduler'), priority: 10 },
  { name: 'vendor-router', test: inPackages('react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'), priority: 10 },
  { name: 'vendor-i18n', test: inPackages('i18next', 'react-i18next', 'html-parse-stringify', 'void-elements'), priority: 10 },
  { name: 'vendor-query', test: inPackages('@tanstack/query-core', '@tanstack/react-query'), priority: 10 },
  { name: 'vendor-state', test: inPackages('jotai'), priority: 10 },
  // The HTTP client of lib/api-client.ts, whose first use follows the sign-in form: not with jotai.
  { name: 'vendor-http', test: inPackages('ky'), priority: 10 },
  { name: 'vendor-zod', test: inPackages('zod'), priority: 10 },
  // Forms (lib/form.ts): fetched with the first screen that has one, never by the sign-in page.
  { name: 'vendor-forms', test: inPackages('react-hook-form', '@hookform/resolvers'), priority: 10 },
  {
    // Large, and most of it serves one screen or another (tables, date pickers, dialogs): split by
    // which screens use a part, so the sign-in page fetches only what it renders.
    name: 'vendor-aria',
    test: inPackages('react-aria-components', 'react-aria', 'react-stately', '@react-aria', '@react-stately', '@internationalized', '@react-types', 'clsx', 'use-sync-external-store'),
    entriesAware: true,
    priority: 5,
  },
  {
    name: (id: string) => {
      const [, language, namespace] = LOCALE_FILE.exec(id) ?? [];
      if (!language || !namespace) return null;
      return FIRST_SCREEN_NAMESPACES.includes(namespace) ? `locale-${language}` : `locale-${language}-screens`;
    },
    test: LOCALE_FILE,
    priority: 20,
  },
];

export default defineConfig({
  main: {
    build: {
      // The server's pure-JavaScript libraries without files of their own are bundled into it:
      // Node then loads a few large files instead of ~1,000 small ones (kysely alone is 262),
      // which starts the embedded server ~0.1 s sooner (bench:server-start). Native
      // modules, PGlite (its .wasm and data files), pino and the swagger UI's static files stay
      // in node_modules.
      externalizeDeps: {
        exclude: ['kysely', 'zod', 'fastify-type-provider-zod', 'i18next', 'jose', 'otplib', 'fastify', '@fastify/compress', '@fastify/helmet', '@fastify/multipart', '@fastify/static', '@fastify/swagger'],
      },
      rollupOptions: {
        // The API server is built beside main: the desktop forks it in a utility process.
        input: { index: resolve('src/main/index.ts'), server: resolve('src/server/main.ts') },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can only require('electron'): bundle everything else, emit CommonJS.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    plugins: [react()],
    build: {
      minify: true,
      // .vite/manifest.json: the module graph bench/first-screen.ts walks to size the sign-in page.
      manifest: true,
      rollupOptions: {
        input: resolve('src/renderer/index.html'),
        output: {
          codeSplitting: { groups: RENDERER_CHUNK_GROUPS },
          // vendor-aria's parts are named after every screen sharing them: keep file names short.
          chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
        },
      },
    },
  },
});
