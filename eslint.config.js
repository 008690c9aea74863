// Type-aware linting for every workspace (docs/engineering.md §2).
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import zones (docs/architecture.md, "Folders of the server"): imports flow one way, so shared
// pieces live low (db/, lib/, config/) and cross-module use cases high (use-cases/, wired by app.ts).
// test/repository/module-graph.test.ts checks the whole graph for cycles; these rules name the
// offending line in the editor. Relative paths only: the server has no path aliases.
const above = (folders, message) => ({ regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`, message });
const LOW_LAYER_MESSAGE =
  'db/, lib/ and config/ sit below the feature modules: move what both sides need down into db/ or lib/ instead.';
const USE_CASE_MESSAGE =
  'Modules and plugins never import use cases: a use case imports the modules it spans, and app.ts wires it.';
const WEB_FEATURE_MESSAGE =
  'Features never import the app shell or pages: pages compose features, not the other way round.';

// A module's repositories and queries (`*.repository.ts`, `*.query.ts`) are private to it
// (docs/architecture.md, "Folders of the server"): another module calls that module's service, and
// a flow that needs several modules' tables is a use case (use-cases/ may import any repository).
// A pattern cannot tell another module's folder from the file's own, so each module gets its own
// entry naming every other module; the list is read from the folder, so a new module is covered.
const SERVER_MODULES = fs
  .readdirSync(path.join(import.meta.dirname, 'apps/server/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const repositoryOf = (module) => ({
  regex: `^(\\.\\./)+(modules/)?${module}/([^/]+/)*[^/]+\\.(repository|query)(\\.js)?$`,
  message: `modules/${module}'s repositories and queries are private to it: call a function of its service (modules/${module}/*.service.ts), or move the flow that spans both modules into a use case in src/use-cases/.`,
});
const moduleZones = (module) => [
  above(['use-cases', 'seed', 'scripts'], USE_CASE_MESSAGE),
  ...SERVER_MODULES.filter((other) => other !== module).map(repositoryOf),
];

// Web features are side by side (docs/architecture.md, "Web app layers"): a feature imports no other
// feature, by alias or by a relative path. What several features use lives below them (components/,
// lib/); a page composes features. no-restricted-imports cannot tell "another" feature from the
// file's own, so this rule resolves each import against the importing file.
const WEB_SRC = path.join(import.meta.dirname, 'apps/web/src');
const webFeatureOf = (file) => {
  const [top, feature] = path.relative(WEB_SRC, file).split(path.sep);
  return top === 'features' && feature ? feature : null;
};
const importedPath = (spec, file) => {
  if (spec.startsWith('@/')) return path.join(WEB_SRC, spec.slice(2));
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
  return null;
};
const MODULE_CALLS = new Set(['mock', 'doMock', 'importActual', 'importMock']);
const webLayers = {
  rules: {
    'no-cross-feature-imports': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          crossFeature:
            'features/{{own}} imports features/{{other}}: features never import one another. Move what both use down into components/ (UI) or lib/ (hooks, formats, labels), or let the page compose the two.',
        },
      },
      create(context) {
        const own = webFeatureOf(context.filename);
        if (!own) return {};
        const check = (node, source) => {
          if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
          const target = importedPath(source.value, context.filename);
          const other = target && webFeatureOf(target);
          if (other && other !== own) context.report({ node, messageId: 'crossFeature', data: { own, other } });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source),
          ExportNamedDeclaration: (node) => check(node, node.source),
          ExportAllDeclaration: (node) => check(node, node.source),
          ImportExpression: (node) => check(node, node.source),
          // vi.mock('@/features/…') and its kin name a module as surely as an import does.
          CallExpression: (node) => {
            const { callee } = node;
            if (
              callee.type === 'MemberExpression' &&
              callee.object.type === 'Identifier' &&
              callee.object.name === 'vi' &&
              callee.property.type === 'Identifier' &&
              MODULE_CALLS.has(callee.property.name)
            )
              check(node, node.arguments[0]);
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/server/drizzle/**',
      'playwright-report/**',
      'test-results/**',
      'bench/results/**',
      'reliability/results/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      // Fastify handlers and hooks are async by convention even when they do not await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // ── Web import boundaries (apps/web, docs/architecture.md) ──────────────────────────────────
  // Layers, lowest first: lib → components → features → app/pages. A layer imports only below it;
  // features never import one another (web-layers/no-cross-feature-imports), and app/ reaches a
  // feature only through its index.ts.
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/(features|app|pages)(/|$)|(\\.\\./)+(features|app|pages)(/|$))',
              message: 'lib/ and components/ are below the features: they import no features/, app/ or pages/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/app', '@/app/**', '@/pages', '@/pages/**'], message: WEB_FEATURE_MESSAGE },
            above(['app', 'pages'], WEB_FEATURE_MESSAGE),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/(features|app|pages|components)(/|$)|(\\.\\./)+(features|app|pages|components)(/|$))',
              message: 'lib/ imports no components, features, app or pages (a UI piece subscribes to lib instead).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests included: a test of one feature reaching into another is the same coupling.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { 'web-layers': webLayers },
    rules: { 'web-layers/no-cross-feature-imports': 'error' },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+)features/[^/]+/',
              message:
                'app/ imports a feature only through its index (@/features/<feature>): export what the shell needs from features/<feature>/index.ts.',
            },
          ],
        },
      ],
    },
  },
  // ── end of web import boundaries ──────────────────────────────────────────────────────────────
  {
    files: ['apps/server/src/db/**/*.ts', 'apps/server/src/lib/**/*.ts', 'apps/server/src/config/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [above(['modules', 'use-cases', 'plugins', 'seed', 'scripts'], LOW_LAYER_MESSAGE)] },
      ],
    },
  },
  {
    files: ['apps/server/src/plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [above(['use-cases', 'seed', 'scripts'], USE_CASE_MESSAGE)] }],
    },
  },
  // One entry per module: no use case, and no other module's repository or query.
  ...SERVER_MODULES.map((module) => ({
    files: [`apps/server/src/modules/${module}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: moduleZones(module) }] },
  })),
  {
    // Plain JavaScript build and helper scripts are not part of a TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The service worker runs in the browser's worker scope, not in Node.
    files: ['apps/web/service-worker/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'apps/server/test/**/*.ts'],
    rules: {
      // Tests reach into parsed JSON bodies freely; the assertions are the type check.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
