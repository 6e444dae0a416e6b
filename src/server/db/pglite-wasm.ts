import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';

// PGlite's database engine is a 10 MB WebAssembly module that PGlite reads and compiles only
// once its own module is loaded and its file system is set up. Compiled here instead, it can be
// started first thing in the server process (main.ts, before the app's modules load):
// V8 compiles it on background threads while the main thread loads JavaScript. This module
// imports Node's built-ins only, so starting the compile costs nothing else.

export type PgliteWasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;

// Node's global WebAssembly; the server's TypeScript libraries (ES2023 + node, no DOM) only know
// its types.
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteWasmModule> } };

let compiling: Promise<PgliteWasmModule> | undefined;

/** PGlite's engine, compiled once per process (every PGlite instance of the process shares it). */
export function pgliteWasmModule(): Promise<PgliteWasmModule> {
  compiling ??= readFile(pgliteWasmPath()).then((bytes) => wasm.compile(bytes));
  return compiling;
}

/** Starts the compile without waiting for it; a failure surfaces where the module is awaited. */
export function startCompilingPgliteWasm(): void {
  pgliteWasmModule().catch(() => {});
}

function pgliteWasmPath(): string {
  // The package's export map hides dist/; its main entry sits beside the .wasm file.
  return join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm');
}
