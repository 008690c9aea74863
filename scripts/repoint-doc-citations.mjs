#!/usr/bin/env node
// Rewrites citations of the two documents that used to live outside the repository (the product
// specification and the engineering guide) so they point at their in-repository versions:
// docs/product.md and docs/engineering.md keep the same section numbers, so "§N" stays "§N".
//
//   node scripts/repoint-doc-citations.mjs [dir] [--dry-run] [--format]
//
// dir defaults to the current directory. Files are the tracked ones (`git ls-files`) when dir is a
// git work tree, otherwise a walk of the directory that skips node_modules, dist and dot-folders
// other than .ci. Only text files are touched. Running it twice changes nothing the second time.
// --format runs the repository's prettier on the files it changed (a longer citation can push a
// markdown table column or a test title past the print width).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PRODUCT = 'docs/product.md';
const ENGINEERING = 'docs/engineering.md';

// The folders (and root-level files) whose citations are rewritten.
const ROOTS = ['apps/', 'packages/', 'bench/', 'reliability/', 'e2e/', 'scripts/', 'docs/', 'deploy/', '.ci/'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'data', 'results', 'test-results', 'playwright-report']);
const BINARY_EXT = /\.(png|jpe?g|gif|webp|avif|ico|pdf|woff2?|ttf|otf|zip|gz|tgz|wasm|mp4|webm|heic)$/i;
const SELF = 'scripts/repoint-doc-citations.mjs';

// The document names are written with a character class so this file never matches a search for
// leftover citations. Order matters: section citations first, then file names, then bare names.
// "Not preceded by a letter, digit, _ / or ." keeps identifiers (FOO_<name>) and paths intact;
// "not followed by a letter, digit or _" keeps identifiers such as <name>_COLUMNS intact. The
// examples below are in lower case; the upper-case forms are rewritten the same way.
const B = String.raw`(?<![\w/.])`;
const E = String.raw`(?![\w])`;
const RULES = [
  // "spec §7", "spec§7", "spec.md §7", "Spec §7", "spec §§7" -> "docs/product.md §7" (guide: docs/engineering.md)
  [new RegExp(String.raw`${B}(?:S[P]EC|[Ss][p]ec)(?:\.md)?\s*§+\s*(?=\d)`, 'g'), `${PRODUCT} §`],
  [new RegExp(String.raw`${B}(?:G[U]IDE|[Gg][u]ide)(?:\.md)?\s*§+\s*(?=\d)`, 'g'), `${ENGINEERING} §`],
  // "spec.md", "guide.md" -> the file in the repository
  [new RegExp(String.raw`${B}(?:S[P]EC|[Ss][p]ec)\.md${E}`, 'g'), PRODUCT],
  [new RegExp(String.raw`${B}(?:G[U]IDE|[Gg][u]ide)\.md${E}`, 'g'), ENGINEERING],
  // Bare upper-case names used as a document name ("<name>'s text", "<name> names vite-plugin-pwa");
  // lower-case "the spec" in prose is left alone.
  [new RegExp(String.raw`${B}S[P]EC${E}`, 'g'), PRODUCT],
  [new RegExp(String.raw`${B}G[U]IDE${E}`, 'g'), ENGINEERING],
];

function parseArgs(argv) {
  const options = { dir: process.cwd(), dryRun: false, format: false };
  for (const arg of argv) {
    if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--format') options.format = true;
    else if (arg === '--help' || arg === '-h') {
      console.log('usage: node scripts/repoint-doc-citations.mjs [dir] [--dry-run] [--format]');
      process.exit(0);
    } else if (arg.startsWith('-')) {
      console.error(`unknown option ${arg}`);
      process.exit(2);
    } else options.dir = path.resolve(arg);
  }
  if (!existsSync(options.dir) || !statSync(options.dir).isDirectory()) {
    console.error(`not a directory: ${options.dir}`);
    process.exit(2);
  }
  return options;
}

function isInScope(relative) {
  if (relative === SELF) return false;
  if (!relative.includes('/')) return true; // README.md, eslint.config.js and the other root files
  return ROOTS.some((root) => relative.startsWith(root));
}

function listTracked(dir) {
  try {
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (path.resolve(top) !== path.resolve(dir)) return null; // a sub-folder of another repository
    const out = execFileSync('git', ['ls-files', '-z'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
    return out.split('\0').filter(Boolean);
  } catch {
    return null; // not a git work tree (an exported copy): walk it instead
  }
}

function listWalked(dir) {
  const files = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (SKIP_DIRS.has(entry.name) || (entry.name.startsWith('.') && entry.name !== '.ci')) continue;
        walk(child);
      } else if (entry.isFile()) files.push(child);
    }
  };
  walk('');
  return files;
}

function rewrite(text) {
  let count = 0;
  let result = text;
  for (const [pattern, replacement] of RULES) {
    result = result.replace(pattern, () => {
      count += 1;
      return replacement;
    });
  }
  return { result, count };
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const listed = listTracked(options.dir);
  const files = (listed ?? listWalked(options.dir)).filter(isInScope).sort();
  const changed = [];
  let total = 0;
  for (const relative of files) {
    if (BINARY_EXT.test(relative)) continue;
    const absolute = path.join(options.dir, relative);
    if (!existsSync(absolute) || !statSync(absolute).isFile()) continue;
    const buffer = readFileSync(absolute);
    if (buffer.includes(0)) continue; // binary
    const { result, count } = rewrite(buffer.toString('utf8'));
    if (count === 0) continue;
    if (!options.dryRun) writeFileSync(absolute, result);
    changed.push(relative);
    total += count;
    console.log(`${String(count).padStart(4)}  ${relative}`);
  }
  console.log(
    `${options.dryRun ? 'would replace' : 'replaced'} ${total} citation(s) in ${changed.length} file(s)` +
      ` (${listed ? 'tracked files' : 'walked directory'}, ${files.length} file(s) in scope)`,
  );
  if (options.format && !options.dryRun && changed.length > 0) {
    const local = path.join(options.dir, 'node_modules', '.bin', 'prettier');
    const [command, args] = existsSync(local) ? [local, []] : ['npx', ['--no-install', 'prettier']];
    execFileSync(command, [...args, '--write', '--ignore-unknown', ...changed], { cwd: options.dir, stdio: 'inherit' });
  } else if (changed.length > 0 && !options.dryRun) {
    console.log(
      'format the changed files: npx prettier --write --ignore-unknown <files above> (or rerun with --format)',
    );
  }
}

main();
