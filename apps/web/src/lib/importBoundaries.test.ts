// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The web import boundaries of the root eslint.config.js, run on files that are not on disk (so
// without type information, which only files of a TypeScript project have).
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
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
});
