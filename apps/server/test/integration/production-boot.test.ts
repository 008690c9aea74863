import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

/** Runs the real entry point (src/main.ts through tsx) with exactly `env`, until it exits or `until` sees its output. */
function boot(
  env: Record<string, string>,
  until?: (output: string) => boolean,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (until?.(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/**
 * Production refuses unsafe configuration at boot, every reason at once (README.md,
 * "Configuration"); the settings are tested one by one in src/config/env.test.ts.
 */
describe('a production boot', () => {
  it('exits 1 naming every unsafe setting, one line each, before touching anything', async () => {
    const { code, output } = await boot({
      NODE_ENV: 'production',
      SESSION_SECRET: 'development-only-session-secret-change-me-0123456789',
      PUBLIC_URL: 'http://bid.example.com',
    });
    expect(code).toBe(1);
    const reasons = output.split('\n').filter((line) => line.startsWith('  - '));
    expect(output).toContain('Refusing to start in production (NODE_ENV=production):');
    expect(reasons).toEqual([
      '  - SMTP_URL is not set',
      '  - AUDIT_CHECKPOINT_KEY is not set',
      '  - SESSION_SECRET is the published development value: anyone could sign session cookies',
      expect.stringMatching(/^ {2}- payments: the offline sandbox .*ALLOW_SANDBOX=1/),
      expect.stringMatching(/^ {2}- identity: the offline sandbox .*ALLOW_SANDBOX=1/),
      expect.stringMatching(/^ {2}- database: the embedded PGlite .*ALLOW_PGLITE=1/),
      expect.stringMatching(/^ {2}- PUBLIC_URL is plain http .*ALLOW_INSECURE_PUBLIC_URL=1/),
    ]);
    expect(output).not.toContain('listening');
  }, 60_000);

  it('starts on a staging server that opts in, and says so loudly in the log', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'production-boot-'));
    try {
      const { code, output } = await boot(
        {
          NODE_ENV: 'production',
          SESSION_SECRET: 'k3Vq9-staging-secret-0f8a2c71d4e6b5-2f',
          PUBLIC_URL: 'http://staging.example.com',
          SMTP_URL: 'smtp://127.0.0.1:2525',
          AUDIT_CHECKPOINT_KEY: 'k3Vq9-staging-audit-checkpoint-key-0f8a2c',
          DATA_DIR: dataDir,
          PORT: '0',
          METRICS_PORT: '0',
          HOST: '127.0.0.1',
          ALLOW_SANDBOX: '1',
          ALLOW_PGLITE: '1',
          ALLOW_INSECURE_PUBLIC_URL: '1',
        },
        (soFar) => soFar.includes('listening on port'),
      );
      const warnings = output
        .split('\n')
        .filter((line) => line.includes('"level":40') && line.includes('UNSAFE FOR PRODUCTION'));
      expect(warnings.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
        expect.stringMatching(/^UNSAFE FOR PRODUCTION: payments: .*allowed by ALLOW_SANDBOX=1/),
        expect.stringMatching(/^UNSAFE FOR PRODUCTION: identity: .*allowed by ALLOW_SANDBOX=1/),
        expect.stringMatching(/^UNSAFE FOR PRODUCTION: database: .*allowed by ALLOW_PGLITE=1/),
        expect.stringMatching(/^UNSAFE FOR PRODUCTION: PUBLIC_URL is plain http.*ALLOW_INSECURE_PUBLIC_URL=1/),
      ]);
      expect(output).toContain('listening on port');
      expect(code).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
