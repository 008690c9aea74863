import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import zones of eslint.config.js (docs/architecture.md, "Folders of the server") refuse a
// violating file. Only `no-restricted-imports` runs, without type information, so a file that
// does not exist can be linted from its text.
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({
  cwd: ROOT,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('import zones', () => {
  it('refuse a module import in lib/, db/ and config/', async () => {
    for (const [file, specifier] of [
      ['apps/server/src/lib/x.ts', '../modules/auctions/auctions.service.js'],
      ['apps/server/src/lib/storage/x.ts', '../../modules/uploads/uploads.service.js'],
      ['apps/server/src/db/x.ts', '../use-cases/charge-and-create-date.js'],
      ['apps/server/src/config/x.ts', '../plugins/auth.js'],
    ] as const) {
      const errors = await restrictedImports(file, `export { x } from '${specifier}';\n`);
      expect(errors, file).toEqual([expect.stringMatching(/^no-restricted-imports: .*sit below the feature modules/)]);
    }
  });

  it('refuse a use case in a module', async () => {
    const errors = await restrictedImports(
      'apps/server/src/modules/auctions/lifecycle/x.ts',
      "import { processDueCharges } from '../../../use-cases/charge-and-create-date.js';\nexport { processDueCharges };\n",
    );
    expect(errors).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Modules and plugins never import use cases/),
    ]);
  });

  it("refuse another module's repository or query in a module, naming the module and what to call instead", async () => {
    for (const [file, code, owner] of [
      [
        'apps/server/src/modules/identity/x.ts',
        "import { consumeUploadGrant } from '../uploads/uploads.repository.js';\nexport { consumeUploadGrant };\n",
        'uploads',
      ],
      [
        'apps/server/src/modules/auctions/lifecycle/x.ts',
        "export { insertChargesForWins } from '../../payments/charges/charges.repository.js';\n",
        'payments',
      ],
      [
        'apps/server/src/modules/retention/x.ts',
        "import type { DeletedDocument } from '../account/account.repository.js';\nexport type { DeletedDocument };\n",
        'account',
      ],
      [
        'apps/server/src/modules/watchlist/x.ts',
        "export { listOpenAuctions } from '../auctions/open-auctions.query';\n",
        'auctions',
      ],
      [
        'apps/server/src/modules/users/x.ts',
        "export { hasBlocked } from '../../modules/blocks/blocks.repository.js';\n",
        'blocks',
      ],
    ] as const) {
      const [specifier] = /'([^']+)'/.exec(code)!.slice(1);
      const errors = await restrictedImports(file, code);
      expect(errors, file).toEqual([
        `no-restricted-imports: '${specifier}' import is restricted from being used by a pattern. modules/${owner}'s repositories and queries are private to it: call a function of its service (modules/${owner}/*.service.ts), or move the flow that spans both modules into a use case in src/use-cases/.`,
      ]);
    }
  });

  it("let a module import its own repositories, another module's service, and a use case any repository", async () => {
    for (const [file, specifier] of [
      ['apps/server/src/modules/uploads/x.ts', './uploads.repository.js'],
      ['apps/server/src/modules/uploads/sub/x.ts', '../uploads.repository.js'],
      ['apps/server/src/modules/payments/ledger/x.ts', '../charges/charges.repository.js'],
      ['apps/server/src/modules/auctions/x.ts', './open-auctions.query.js'],
      ['apps/server/src/modules/identity/x.ts', '../uploads/uploads.service.js'],
      ['apps/server/src/modules/watchlist/x.ts', '../blocks/block-filters.js'],
      ['apps/server/src/use-cases/payments/x.ts', '../../modules/payments/charges/charges.repository.js'],
      ['apps/server/src/use-cases/x.ts', '../modules/auctions/open-auctions.query.js'],
    ] as const) {
      expect(await restrictedImports(file, `export { x } from '${specifier}';\n`), file).toEqual([]);
    }
  });

  it('refuse the app shell and pages in a web feature', async () => {
    for (const specifier of ['@/app/routes', '@/pages/HomePage', '../../app/routes']) {
      const errors = await restrictedImports(
        'apps/web/src/features/auctions/components/X.tsx',
        `export { x } from '${specifier}';\n`,
      );
      expect(errors, specifier).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*Features never import the app shell or pages/),
      ]);
    }
  });

  it('let the allowed directions through', async () => {
    expect(
      await restrictedImports('apps/server/src/modules/dates/x.ts', "export { x } from '../../db/sql-helpers.js';\n"),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'apps/server/src/use-cases/x.ts',
        "export { x } from '../modules/dates/dates.repository.js';\n",
      ),
    ).toEqual([]);
    expect(await restrictedImports('apps/server/src/lib/x.ts', "export { x } from './errors.js';\n")).toEqual([]);
  });
});
