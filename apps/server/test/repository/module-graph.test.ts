import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The server's folders import one another in one direction only (docs/architecture.md, "Folders
// of the server"): a folder is db, lib, plugins, config, scripts, use-cases or one
// modules/<name>; an edge A → B means a file in A imports a file in B. Any cycle fails.
const SRC = path.resolve(import.meta.dirname, '../../src');

function* sourceFiles(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const child = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(child);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) yield child;
  }
}

/** The folder a source file belongs to, or null for the wiring files at the top (app.ts, main.ts). */
function folderOf(file: string): string | null {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts.length === 1) return null;
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  return parts[0]!;
}

function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), fileName);
      if (!target.startsWith(SRC + path.sep)) continue;
      const to = folderOf(target);
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every elementary cycle, found once each, starting from its alphabetically first folder. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const nodes = [...graph.keys()].sort();
  for (const start of nodes) {
    const walk = (node: string, trail: string[]): void => {
      for (const next of [...(graph.get(node) ?? [])].sort()) {
        if (next === start) found.push([...trail, start]);
        else if (next > start && !trail.includes(next)) walk(next, [...trail, next]);
      }
    };
    walk(start, [start]);
  }
  return found;
}

/**
 * Every import, in a module, of another module's repository or query (`*.repository`, `*.query`):
 * "modules/identity/identity.service.ts → modules/uploads/uploads.repository.js".
 */
function crossModuleRepositoryImports(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file);
    if (!from?.startsWith('modules/')) continue;
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), fileName);
      const to = folderOf(target);
      if (to?.startsWith('modules/') && to !== from && /\.(repository|query)(\.js)?$/.test(target))
        found.push(`${path.relative(SRC, file)} → ${path.relative(SRC, target)}`);
    }
  }
  return found;
}

describe('the server folder graph', () => {
  const graph = folderGraph();

  it('has no cycle between folders', () => {
    expect(cycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('keeps db, lib and config below the modules, and the modules below the use cases', () => {
    const offenders: string[] = [];
    for (const [from, edges] of graph) {
      for (const to of edges) {
        const low = ['db', 'lib', 'config'].includes(from);
        if (low && (to.startsWith('modules/') || to === 'use-cases' || to === 'plugins'))
          offenders.push(`${from} → ${to}`);
        if (from.startsWith('modules/') && to === 'use-cases') offenders.push(`${from} → ${to}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("keeps each module's repositories and queries to the module (others call its service)", () => {
    expect(crossModuleRepositoryImports()).toEqual([]);
  });
});
