import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's root folder, found by walking up from this module. The same
 * code runs from `src/` under the test runner and from the bundled `dist/main.js`,
 * so fixed relative paths would be wrong in one of them.
 */
export function serverRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name;
      if (name === '@bid/server') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @bid/server package root');
    dir = parent;
  }
}

export const migrationsDir = (): string => path.join(serverRoot(), 'drizzle');
export const defaultWebDistDir = (): string => path.resolve(serverRoot(), '../web/dist');
