// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The web import boundaries of the root eslint.config.js, run on files that are not on disk (so
// without type information, which only files of a TypeScript project have).
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'web-layers/no-cross-feature-imports']);

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.message);
}

describe('web import boundaries (eslint no-restricted-imports)', () => {
  it('fails a lib/ file that imports a feature, a page or a component', async () => {
    const errors = await boundaryErrors(
      'lib/boundaryFixture.ts',
      [
        "import { useOutbidToast } from '@/features/auctions/live/useOutbidToast';",
        "import { toast } from '@/components/ui/use-toast';",
        "import LoginPage from '../pages/LoginPage';",
        'export const used = [useOutbidToast, toast, LoginPage];',
      ].join('\n'),
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('lib/ imports no components, features, app or pages');
  });

  it('fails a feature that imports the app shell; passes one that imports lib and ui', async () => {
    expect(
      await boundaryErrors(
        'features/auctions/boundaryFixture.ts',
        "import { Header } from '@/app/Header';\nexport const used = Header;",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'features/auctions/boundaryFixture.ts',
        "import { useNow } from '@/lib/useNow';\nimport { Button } from '@/components/ui/button';\nexport const used = [useNow, Button];",
      ),
    ).toEqual([]);
  });

  it('fails a feature that imports another feature, by alias, by relative path, through its index or in a mock', async () => {
    const errors = await boundaryErrors(
      'features/auctions/components/boundaryFixture.test.tsx',
      [
        "import { vi } from 'vitest';",
        "import { PlanCard } from '@/features/date/components/PlanCard';",
        "import { BlockButton } from '../../moderation/components/BlockButton';",
        "import { HeaderSearch } from '@/features/search';",
        "export { ChatPane } from '../../messages/components/ChatPane';",
        "vi.mock('@/features/payments/redirect', () => ({ redirectTo: vi.fn() }));",
        "export const later = () => import('../../profile/api/manageAuction');",
        'export const used = [PlanCard, BlockButton, HeaderSearch];',
      ].join('\n'),
    );
    expect(errors).toEqual([
      expect.stringContaining('features/auctions imports features/date'),
      expect.stringContaining('features/auctions imports features/moderation'),
      expect.stringContaining('features/auctions imports features/search'),
      expect.stringContaining('features/auctions imports features/messages'),
      expect.stringContaining('features/auctions imports features/payments'),
      expect.stringContaining('features/auctions imports features/profile'),
    ]);
  });

  it("passes a feature's imports of its own files, by alias or relative path", async () => {
    expect(
      await boundaryErrors(
        'features/auctions/components/boundaryFixture.tsx',
        [
          "import { useAuction } from '@/features/auctions/api/getAuction';",
          "import { Countdown } from './Countdown';",
          "import { auctionStatusOf } from '../auctionStatus';",
          "import { dateTypeLabel } from '@/lib/auctionLabels';",
          'export const used = [useAuction, Countdown, auctionStatusOf, dateTypeLabel];',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it("fails app/ reaching into a feature's files; passes its index", async () => {
    expect(
      await boundaryErrors(
        'app/boundaryFixture.tsx',
        "import { HeaderSearch } from '@/features/search/components/HeaderSearch';\nexport const used = HeaderSearch;",
      ),
    ).toEqual([expect.stringContaining('app/ imports a feature only through its index')]);
    expect(
      await boundaryErrors(
        'app/boundaryFixture.tsx',
        "import { HeaderSearch } from '@/features/search';\nexport const used = HeaderSearch;",
      ),
    ).toEqual([]);
  });
});

describe('the web source keeps its boundaries', () => {
  it('no feature imports another feature, and app/ imports features only through their index', async () => {
    const results = await new ESLint({
      cwd: root,
      overrideConfig: tseslint.configs.disableTypeChecked,
      ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
    }).lintFiles(['apps/web/src/features', 'apps/web/src/app']);
    const offences = results.flatMap((result) =>
      result.messages
        .filter((m) => m.fatal || (m.ruleId && BOUNDARY_RULES.has(m.ruleId)))
        .map((m) => `${path.relative(root, result.filePath)}:${m.line} ${m.message}`),
    );
    expect(results.length).toBeGreaterThan(100);
    expect(offences).toEqual([]);
  }, 120_000); // parses every file of features/ and app/: seconds alone, more on a busy machine
});
