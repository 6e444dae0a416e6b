import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

// Files the server ships with (fonts for generated PDFs). In the packaged desktop app they sit in
// Electron's resources folder (electron-builder's extraResources); from a checkout, in the
// repository's resources/ folder, found by walking up from this module (source or bundle).

export function resourcePath(relative: string): string {
  const candidates: string[] = [];
  if (process.env.NARIC_RESOURCES_DIR) candidates.push(join(process.env.NARIC_RESOURCES_DIR, relative));
  const packaged = (process as { resourcesPath?: string }).resourcesPath;
  if (packaged) candidates.push(join(packaged, 'resources', relative));
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    candidates.push(join(dir, 'resources', relative));
    if (dirname(dir) === dir) break;
  }
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`Resource not found: ${relative}`);
  return found;
}
