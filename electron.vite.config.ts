import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: {
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
      rollupOptions: { input: resolve('src/renderer/index.html') },
    },
  },
});
