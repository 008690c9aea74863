import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_VARIABLES } from './env.js';

/** The variables named in the first column of README.md's "Configuration" table. */
function variablesInReadmeTable(): Set<string> {
  const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  const section = readme.split('\n## Configuration')[1]?.split('\n## ')[0] ?? '';
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const firstCell = line.split('|')[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1]!);
  }
  return names;
}

describe("README's configuration table", () => {
  it('lists every variable the server reads, so the table cannot drift from config/env.ts', () => {
    const listed = variablesInReadmeTable();
    expect(listed.size).toBeGreaterThan(0);
    const missing = CONFIGURATION_VARIABLES.filter((name) => !listed.has(name));
    expect(missing).toEqual([]);
  });
});
