import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium; Playwright never downloads a browser here (see README.md). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags for a headless root sandbox without outside network (background services would hang). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const port = Number(process.env.E2E_PORT ?? 5099);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `bid-e2e-${process.pid}`);
/**
 * The journeys that move the server's test clock (docs/payments.md, "The test clock") run on a
 * server of their own, one at a time: a move ends every auction and date on its server, so it
 * must never reach a journey that counts on the real time, nor another journey mid-way.
 */
const clockPort = Number(process.env.E2E_CLOCK_PORT ?? port + 500);
const clockBaseURL = `http://localhost:${clockPort}`;
const CLOCK_JOURNEYS = /[\\/](the-date|payments|auctions|date-mode-phone)\.spec\.ts$/;
/**
 * The photo review journey needs every upload held for a moderator, which only lowered hold
 * thresholds give (no explicit image ships with the repository: docs/trust-and-safety.md
 * "Screening"). It runs on a server of its own, so no other journey's photos are held.
 */
const photoPort = Number(process.env.E2E_PHOTO_PORT ?? port + 250);
const photoBaseURL = `http://localhost:${photoPort}`;
const PHOTO_JOURNEYS = /[\\/]photo-review\.spec\.ts$/;

/** Every server: the built app on a fresh embedded database, served exactly as `npm start` serves it. */
const serverEnv = (serverPort: number, serverDataDir: string, extra: Record<string, string> = {}) => ({
  PORT: String(serverPort),
  DATA_DIR: serverDataDir,
  PUBLIC_URL: `http://localhost:${serverPort}`,
  SEED_DEMO: '0',
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  // Metrics on any free port: the default 9464 may be taken by another server on this machine.
  METRICS_PORT: '0',
  // A bid in the last moments must not extend the end (e2e/auctions.spec.ts waits for a close).
  SOFT_CLOSE_SECONDS: '0',
  // The moderator of e2e/moderation.spec.ts (docs/trust-and-safety.md: the role comes from this list).
  MODERATOR_EMAILS: 'moderator.e2e@example.com',
  // Every journey signs its members up from this one address; the per-address code limit
  // (docs/accounts.md) would refuse the suite's hundred-odd sign-ups within the hour.
  OTP_MAX_PER_IP: '100000',
  ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
  ...extra,
});

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A limit for a hung journey, not a speed check: journeys of two or three members take 10-16 s
  // alone, and in CI on a busy two-core machine (two workers, the accessibility sweeps beside
  // them) eight of them ran past Playwright's default of 30 s while filling forms. A journey that
  // sets its own limit (a close, a sweep) keeps it.
  timeout: 120_000,
  // A condition waited for, never a pause: on a busy two-core machine a lazy page may take longer
  // than Playwright's default 5 s to replace "Loading…" (a journey failed so once in CI).
  expect: { timeout: 15_000 },
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A click or a navigation that cannot happen fails within a minute, naming what it waited for,
    // instead of holding its worker until the test's own limit (ten minutes for the sweeps).
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'chromium', testIgnore: [CLOCK_JOURNEYS, PHOTO_JOURNEYS], use: { ...devices['Desktop Chrome'] } },
    {
      name: 'test-clock',
      testMatch: CLOCK_JOURNEYS,
      workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: clockBaseURL },
    },
    {
      name: 'photo-review',
      testMatch: PHOTO_JOURNEYS,
      use: { ...devices['Desktop Chrome'], baseURL: photoBaseURL },
    },
  ],
  webServer: [
    {
      command: `node scripts/e2e-server.mjs`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: serverEnv(port, dataDir),
    },
    {
      command: `node scripts/e2e-server.mjs`,
      url: `${clockBaseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: serverEnv(clockPort, `${dataDir}-clock`),
    },
    {
      command: `node scripts/e2e-server.mjs`,
      url: `${photoBaseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      // A score of 0 reaches the threshold, so every photo uploaded to this server is held.
      env: serverEnv(photoPort, `${dataDir}-photos`, { PHOTO_HOLD_THRESHOLDS: 'Porn=0' }),
    },
  ],
});
