import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository explains itself (docs/architecture.md): comments and docs cite documents in
// docs/ (docs/product.md, docs/engineering.md), never a specification or guide kept elsewhere.
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SCANNED = ['apps', 'packages', 'bench', 'reliability', 'e2e', 'scripts', 'docs', 'deploy', '.ci', 'README.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'results', 'test-results', 'playwright-report']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|sql|cfg|yml|yaml|sh)$|^run$/;
// The rewriting script names the old forms it rewrites; nothing else may.
const ALLOWED = new Set(['scripts/repoint-doc-citations.mjs']);
const OUTSIDE_CITATION = /\b(?:SPEC|GUIDE)(?:\.md)?\s*§|\b(?:SPEC|GUIDE)\.md\b/;

function* filesUnder(relative: string): Generator<string> {
  const absolute = path.join(ROOT, relative);
  const stat = statSync(absolute, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield relative;
    return;
  }
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) yield* filesUnder(child);
    else if (TEXT_FILE.test(entry.name)) yield child;
  }
}

describe('citations in the repository', () => {
  it('point at documents in docs/, never at a specification or guide outside the repository', () => {
    const offenders: string[] = [];
    let scanned = 0;
    for (const top of SCANNED) {
      for (const file of filesUnder(top)) {
        if (ALLOWED.has(file.split(path.sep).join('/'))) continue;
        scanned++;
        readFileSync(path.join(ROOT, file), 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (OUTSIDE_CITATION.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(scanned).toBeGreaterThan(300);
    expect(offenders).toEqual([]);
  });
});
