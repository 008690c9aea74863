import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The pages people land on: the landing page (a visitor's `/`), the home feed (a member's `/`)
 * and browse (docs/performance.md, "Initial JavaScript" and "Lighthouse (mobile)").
 */
const LANDING = path.resolve(import.meta.dirname, 'src/pages/LandingPage.tsx');
const HOME = path.resolve(import.meta.dirname, 'src/pages/HomePage.tsx');
const BROWSE = path.resolve(import.meta.dirname, 'src/pages/BrowsePage.tsx');

const LUCIDE_BARREL = /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const LUCIDE_ICON = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([^\\/]+\.mjs)$/;
/**
 * The contract's index re-exports every module of the contract, zod's schemas included; the
 * bundler keeps only what is used, so walking through it would count all of them as the pages'.
 */
const CONTRACT_INDEX = /packages[\\/]contract[\\/]src[\\/]index\.ts$/;
const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g;

interface ModuleGraph {
  getModuleInfo(moduleId: string): { importedIds: readonly string[] } | null;
}

/**
 * Which chunk a module of the first pages goes to (rolldown's `codeSplitting` groups,
 * docs/performance.md item 26):
 *
 * - `first-icons`: the icons the three first pages show (about 2.5 KB gzipped); every other icon a
 *   page loads later is in `icons` (about 4 KB), which none of the first pages fetches.
 * - `landing-shared`: what the landing page shares with home and browse (the card frame, the
 *   waitlist link), so the landing page does not fetch `auction-lists` for it.
 * - `auction-lists`: what the home feed and browse share (the filter card, the auction card and
 *   what it shows) and the landing page does not, in one file instead of about fifteen small ones.
 *   Other pages that use a part of it (the form fields, the card) fetch it too.
 *
 * The icons a module uses are read from its `import { … } from 'lucide-react'` (the bundler's
 * graph only shows the package's index, which re-exports every icon), and matched to their files
 * through that index.
 */
export function firstPagesChunks() {
  const lucideNames = new Map<string, string[]>();
  let grouping: { firstIcons: Set<string>; auctionLists: Set<string>; sharedWithLanding: Set<string> } | undefined;

  const plugin: Plugin = {
    name: 'bidyourdate-first-pages-chunks',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      lucideNames.clear();
      grouping = undefined;
    },
    transform(code, id) {
      if (id.includes('node_modules') || !/\.tsx?$/.test(id)) return null;
      const names = [...code.matchAll(LUCIDE_IMPORT)].flatMap((match) =>
        match[1]!
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type '))
          .map((name) => name.split(/\s+as\s+/)[0]!),
      );
      if (names.length > 0) lucideNames.set(id, names);
      return null;
    },
  };

  function closure(graph: ModuleGraph, page: string) {
    const modules = new Set<string>();
    const icons = new Set<string>();
    let barrel: string | undefined;
    const stack = [page];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (modules.has(id)) continue;
      if (LUCIDE_BARREL.test(id)) {
        barrel = id;
        continue;
      }
      modules.add(id);
      if (CONTRACT_INDEX.test(id)) continue;
      for (const name of lucideNames.get(id) ?? []) icons.add(name);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return { modules, icons, barrel };
  }

  function group(graph: ModuleGraph) {
    const landing = closure(graph, LANDING);
    const home = closure(graph, HOME);
    const browse = closure(graph, BROWSE);
    const barrel = landing.barrel ?? home.barrel ?? browse.barrel;
    const iconFiles = new Map<string, string>();
    if (barrel) {
      for (const match of readFileSync(barrel, 'utf8').matchAll(/export \{([^}]*)\} from '\.\/icons\/([^']+)'/g)) {
        for (const name of match[1]!.split(',')) iconFiles.set(name.trim().replace(/^default as /, ''), match[2]!);
      }
    }
    const firstIcons = new Set(
      [...landing.icons, ...home.icons, ...browse.icons].flatMap((name) => iconFiles.get(name) ?? []),
    );
    const auctionLists = new Set(
      [...home.modules].filter(
        (id) => browse.modules.has(id) && !landing.modules.has(id) && id !== HOME && id !== BROWSE,
      ),
    );
    const sharedWithLanding = new Set(
      [...landing.modules].filter((id) => id !== LANDING && (home.modules.has(id) || browse.modules.has(id))),
    );
    return { firstIcons, auctionLists, sharedWithLanding };
  }

  /**
   * The groups' `name`s, each a group of its own; null leaves a module to the next group or to the
   * bundler. A group takes along the modules its own ones import, so the icons are placed first,
   * then what the landing page shares with the other two (the card frame, the waitlist link), and
   * only then `auction-lists` takes the auction card with everything else it imports.
   */
  const iconChunk = (moduleId: string, graph: ModuleGraph): string | null => {
    grouping ??= group(graph);
    const icon = LUCIDE_ICON.exec(moduleId);
    if (!icon) return null;
    return grouping.firstIcons.has(icon[1]!) ? 'first-icons' : 'icons';
  };
  const sharedWithLandingChunk = (moduleId: string, graph: ModuleGraph): string | null => {
    grouping ??= group(graph);
    return grouping.sharedWithLanding.has(moduleId) ? 'landing-shared' : null;
  };
  const auctionListsChunk = (moduleId: string, graph: ModuleGraph): string | null => {
    grouping ??= group(graph);
    return grouping.auctionLists.has(moduleId) ? 'auction-lists' : null;
  };

  return {
    plugin,
    /** In the order of their priority, below the entry's own group. */
    groups: [
      { name: iconChunk, priority: 1.3 },
      { name: sharedWithLandingChunk, priority: 1.2 },
      { name: auctionListsChunk, priority: 1.1 },
    ],
  };
}
