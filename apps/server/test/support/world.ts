import { afterAll, beforeAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverEventSchema, type AuctionListItem, type CreateAuctionInput } from '@bid/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import WebSocket from 'ws';
import { createTestApp } from './app.js';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../../src/db/client.js';
import { users } from '../../src/db/schema/index.js';
import type { PaymentProvider } from '../../src/modules/payments/providers/payment-provider.js';
import { connectionUrlOf, type TestDatabase } from './databases.js';
import { addAuthenticatedSandboxCard, addSandboxCard, CARDS } from './payments.js';
import { completeProfile, saveProfile } from './profiles.js';
import { signInByEmail, withSession } from './session.js';
import { startSmtpServer, type TestSmtpServer } from './smtp.js';

const DAY = 24 * 3_600_000;

/**
 * How long a live client waits for a message before the test fails. Generous on purpose: CI runs
 * on a busy 2-core machine, and a message that arrives is taken the moment it does.
 */
const LIVE_MESSAGE_WAIT_MS = 15_000;

/** A member as the tests see one: who they are and the session cookie they act with. */
export interface Member {
  id: string;
  email: string;
  cookie: string;
  firstName: string;
}

export interface SignUpOptions {
  /** A complete profile (docs/product.md §5), so the member may bid, host and message. Default true. */
  profile?: boolean;
  /**
   * A saved sandbox card, so the member may bid and buy: true for one that succeeds, or a card
   * number of `CARDS` (the 3-D Secure one is authenticated as the member would). Default: with the profile.
   */
  card?: boolean | string;
  lastName?: string;
  /** The address to sign up with (a moderator's, say); a fresh one otherwise. */
  email?: string;
  /** Where mail is configured, reads the sign-in code from the member's e-mail (the API does not answer it). */
  readCode?: (email: string) => string;
}

/**
 * Signs a member up through the real e-mail flow (a fresh address each time) and, unless told
 * otherwise, saves a complete profile and a sandbox card: the member most tests need.
 */
export async function signUpMember(
  app: FastifyInstance,
  firstName: string,
  options: SignUpOptions = {},
): Promise<Member> {
  const { profile = true, lastName } = options;
  const card = options.card ?? profile;
  const email = options.email ?? `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
  const { cookie, body } = await signInByEmail(app, email, undefined, true, options.readCode);
  if (profile) await saveProfile(app, cookie, { ...completeProfile(firstName), ...(lastName ? { lastName } : {}) });
  if (card === CARDS.needsAuthentication) await addAuthenticatedSandboxCard(app, cookie, card);
  else if (typeof card === 'string') await addSandboxCard(app, cookie, card);
  else if (card) await addSandboxCard(app, cookie);
  return { id: body.user.id, email, cookie, firstName };
}

/** The body of POST /api/auctions for a coffee ending a day after `now`, with `overrides` on top. */
export function auctionInput(overrides: Partial<CreateAuctionInput> = {}, now = new Date()): CreateAuctionInput {
  return {
    title: 'Coffee and a walk by the river',
    description: 'A relaxed coffee at a busy cafe, then a walk.',
    dateType: 'coffee',
    location: 'Austin, TX',
    locationRadius: 25,
    startingBid: '20',
    endTime: new Date(now.getTime() + DAY).toISOString(),
    paymentResponsibility: '50_50',
    expectedDuration: 60,
    ...overrides,
  };
}

/** Creates an auction as `host` through POST /api/auctions: a coffee ending in a day unless overridden. */
export async function createAuctionAs(
  app: FastifyInstance,
  host: Pick<Member, 'cookie'>,
  overrides: Partial<CreateAuctionInput> = {},
): Promise<AuctionListItem> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auctions',
    payload: auctionInput(overrides),
    cookies: withSession(host.cookie),
  });
  if (res.statusCode !== 201) throw new Error(`create auction: ${res.statusCode} ${res.body}`);
  return res.json<AuctionListItem>();
}

/** What the world's app is built with (see `createTestApp`). */
export interface WorldOptions {
  env?: Record<string, string>;
  /** The app's clock starts here and moves when the test sets `world.clock`. */
  clock?: Date;
  appOptions?: Omit<Parameters<typeof createTestApp>[2] & object, 'now' | 'paymentProvider'>;
  /**
   * Makes the app's payment provider once the database is open, on the world's clock; the test
   * holds it as `world.provider` to run jobs by hand. By default the app makes its own.
   */
  paymentProvider?: (db: Db, now: () => Date) => PaymentProvider;
  /** Listen on a port, for WebSocket clients (`world.live`). */
  listen?: boolean;
  /** Mail goes to a real SMTP server (`world.smtp`); members sign up with the code it received. */
  smtp?: boolean;
  /** Uploaded objects go to a fresh temporary folder (DATA_DIR, `world.dataDir`), removed on close. */
  dataDir?: boolean;
}

/**
 * The one place integration tests get their app, members, auctions, bids and live clients from
 * (docs/engineering.md §4): every step goes through the real HTTP routes, as a browser's would.
 * Use one world per `describe.each(testDatabaseFactories())` block: `open()` in `beforeAll`,
 * `close()` in `afterAll`.
 */
export function createWorld(factory: { open(): Promise<TestDatabase> }, options: WorldOptions = {}) {
  const sockets = new Set<LiveClient>();
  const otherApps: FastifyInstance[] = [];
  const appEnv = () => ({
    OTP_MAX_PER_IP: '1000',
    ...(world.smtp ? { SMTP_URL: world.smtp.url } : {}),
    ...(world.dataDir ? { DATA_DIR: world.dataDir } : {}),
    ...options.env,
  });
  const clockOption = () => (options.clock ? { now: () => world.clock } : {});
  const world = {
    testDb: undefined as unknown as TestDatabase,
    /** The test database's Drizzle handle, for rows a test seeds or reads directly. */
    db: undefined as unknown as Db,
    app: undefined as unknown as FastifyInstance,
    /** The provider `paymentProvider` made (undefined without that option). */
    provider: undefined as unknown as PaymentProvider,
    /** The SMTP server of a world made with `smtp` (undefined otherwise). */
    smtp: undefined as unknown as TestSmtpServer,
    /** The DATA_DIR of a world made with `dataDir` (empty otherwise). */
    dataDir: '',
    /** The app's "now" when the world was made with `clock`; a test may move it. */
    clock: options.clock ?? new Date(),
    port: 0,

    async open(): Promise<void> {
      if (options.smtp) world.smtp = await startSmtpServer();
      if (options.dataDir) world.dataDir = await mkdtemp(path.join(tmpdir(), 'bid-world-'));
      world.testDb = await factory.open();
      world.db = world.testDb.database.db;
      if (options.paymentProvider) world.provider = options.paymentProvider(world.db, () => world.now());
      world.app = await createTestApp(world.testDb.database, appEnv(), {
        ...options.appOptions,
        ...clockOption(),
        ...(world.provider ? { paymentProvider: world.provider } : {}),
      });
      if (options.listen) {
        await world.app.listen({ port: 0, host: '127.0.0.1' });
        world.port = (world.app.server.address() as { port: number }).port;
      }
    },

    /**
     * Another instance of the app on the world's database, built like the world's own (same
     * settings and clock) with `env` and `appOptions` on top: Stripe configured, a provider that
     * fails, a probe. The world closes it.
     */
    async openAnotherApp(
      env: Record<string, string> = {},
      appOptions: Parameters<typeof createTestApp>[2] = {},
    ): Promise<FastifyInstance> {
      const app = await createTestApp(
        world.testDb.database,
        { ...appEnv(), ...env },
        { ...options.appOptions, ...clockOption(), ...appOptions },
      );
      otherApps.push(app);
      return app;
    },

    async close(): Promise<void> {
      for (const socket of sockets) socket.close();
      for (const app of otherApps.splice(0)) await app.close();
      await world.app?.close();
      await world.testDb?.cleanup();
      await world.smtp?.stop();
      if (world.dataDir) await rm(world.dataDir, { recursive: true, force: true });
    },

    /** The app's "now": the world's clock, or real time for a world made without one. */
    now(): Date {
      return options.clock ? world.clock : new Date();
    },

    /** Signs a member up (see `signUpMember`) on the world's app; with `smtp`, by the code mailed to them. */
    signUp(firstName: string, signUpOptions: SignUpOptions = {}): Promise<Member> {
      const readCode = world.smtp ? (to: string) => world.smtp.codeFor(to) : undefined;
      return signUpMember(world.app, firstName, { ...(readCode ? { readCode } : {}), ...signUpOptions });
    },

    /** Creates an auction (see `createAuctionAs`) ending a day after the world's "now" unless overridden. */
    createAuction(host: Pick<Member, 'cookie'>, overrides: Partial<CreateAuctionInput> = {}): Promise<AuctionListItem> {
      return createAuctionAs(world.app, host, {
        endTime: new Date(world.now().getTime() + DAY).toISOString(),
        ...overrides,
      });
    },

    /** POST /api/bids as `who` (no one: a visitor) with the body as given, valid or not. */
    bid(who: Member | undefined, payload: unknown): Promise<LightMyRequestResponse> {
      return world.app.inject({
        method: 'POST',
        url: '/api/bids',
        payload: payload as object,
        cookies: withSession(who?.cookie),
      });
    },

    /**
     * `method` `url` as `who` (no one: a visitor), with a body when given: an object as JSON, or a
     * string sent as it is under a JSON content type (for bodies that are not valid JSON). An arrow,
     * so a test may take it as its own `call`.
     */
    call: (
      who: Pick<Member, 'cookie'> | undefined,
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object | string,
    ): Promise<LightMyRequestResponse> =>
      world.app.inject({
        method,
        url,
        cookies: withSession(who?.cookie),
        ...(payload === undefined
          ? {}
          : typeof payload === 'string'
            ? { payload, headers: { 'content-type': 'application/json' } }
            : { payload }),
      }),

    /** Gives `who` the moderator role, as the role command would. */
    async makeModerator(who: Pick<Member, 'id'>): Promise<void> {
      await world.db.update(users).set({ role: 'moderator' }).where(eq(users.id, who.id));
    },

    /** GET `url` as `who` (no one: a visitor). */
    get(url: string, who?: Member): Promise<LightMyRequestResponse> {
      return world.app.inject({ method: 'GET', url, cookies: withSession(who?.cookie) });
    },

    /** A WebSocket client on the world's app (needs `listen: true`), signed in as `who` when given. */
    async live(who?: Pick<Member, 'cookie'>, origin?: string): Promise<LiveClient> {
      if (!world.port) throw new Error('createWorld({ listen: true }) for live clients');
      const client = await LiveClient.open(world.port, { cookie: who?.cookie, origin });
      sockets.add(client);
      return client;
    },
  };
  return world;
}

export type World = ReturnType<typeof createWorld>;

/**
 * A world for one `describe` block, opened before its tests and closed after them: the tests
 * read `world.app`, `world.db` and `world.testDb` (the usual way to hold a world).
 */
export function suiteWorld(factory: { open(): Promise<TestDatabase> }, options: WorldOptions = {}): World {
  const world = createWorld(factory, options);
  beforeAll(() => world.open(), 120_000);
  afterAll(() => world.close());
  return world;
}

export type LiveMessage = { type: string } & Record<string, unknown>;

/**
 * Frames any live client received that are not one of the contract's `ServerEvent`s. A suite
 * about the protocol empties it after each test and expects nothing there (docs/realtime.md).
 */
export const offProtocolFrames: unknown[] = [];

/** A WebSocket client that keeps every message, so a test can wait for one or prove none came. */
export class LiveClient {
  readonly messages: LiveMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<() => void> = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as LiveMessage;
      if (!serverEventSchema.safeParse(message).success) offProtocolFrames.push(message);
      this.messages.push(message);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static open(port: number, opts: { cookie?: string; origin?: string } = {}): Promise<LiveClient> {
    const headers: Record<string, string> = {};
    if (opts.cookie) headers.cookie = `sid=${encodeURIComponent(opts.cookie)}`;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
      headers,
      origin: opts.origin ?? `http://127.0.0.1:${port}`,
    });
    return new Promise((resolve, reject) => {
      const client = new LiveClient(socket);
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first not-yet-taken message matching `match`; fails after `LIVE_MESSAGE_WAIT_MS`. */
  async take(match: (m: LiveMessage) => boolean, timeoutMs = LIVE_MESSAGE_WAIT_MS): Promise<LiveMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.messages.findIndex(match);
      if (index >= 0) return this.messages.splice(index, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** A round trip: everything the server sent before the pong has arrived when this returns. */
  async sync(): Promise<void> {
    this.send({ type: 'ping' });
    await this.take((m) => m.type === 'pong');
  }

  /** Sends a message and waits for the server's answer to it. */
  async request(
    message: unknown,
    answerTypes = ['subscribed', 'error', 'authenticated', 'unsubscribed'],
  ): Promise<LiveMessage> {
    this.send(message);
    return this.take((m) => answerTypes.includes(m.type));
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * Something a suite starts before its world opens and stops after it closes: a local S3 server,
 * a push service, an identity provider, a folder of files. Its settings for the app come from
 * `options` in `suiteWorldWith`.
 */
export interface SuiteService<S> {
  start(): Promise<S>;
  stop(started: S): Promise<void>;
}

/**
 * `suiteWorld` for an app pointed at a service the suite runs itself: `service.start()` runs
 * first, then the world opens with `options(started)` (the service's address in `env`, say); the
 * world closes before `service.stop`. The tests read the started service as `world.service`.
 */
export function suiteWorldWith<S>(
  factory: { open(): Promise<TestDatabase> },
  service: SuiteService<S>,
  options: (started: S) => WorldOptions,
): World & { service: S } {
  // Filled in once the service is up; the world reads its options when it opens.
  const worldOptions: WorldOptions = {};
  const world = Object.assign(createWorld(factory, worldOptions), { service: undefined as unknown as S });
  beforeAll(async () => {
    world.service = await service.start();
    Object.assign(worldOptions, options(world.service));
    if (worldOptions.clock) world.clock = worldOptions.clock;
    await world.open();
  }, 120_000);
  afterAll(async () => {
    await world.close();
    if (world.service) await service.stop(world.service);
  });
  return world;
}

/** A second instance of the world's app (see `anotherInstanceForSuite`). */
export interface AnotherInstance {
  app: FastifyInstance;
  /** The port it listens on, for WebSocket clients. */
  port: number;
  /** A WebSocket client on this instance, signed in with `who`'s cookie when given. */
  live(who?: Pick<Member, 'cookie'>, origin?: string): Promise<LiveClient>;
}

/**
 * A second instance of the app on the world's database, as a second process behind the load
 * balancer would be (docs/engineering.md §6): on PostgreSQL it has its own pool and LISTEN
 * connection; embedded PGlite serves one process, so there it shares the world's client. It
 * listens for live clients, opens after the world (declare it after `suiteWorld`) and closes
 * before it. `env` is added to its settings: give it what the world's app was given.
 */
export function anotherInstanceForSuite(world: World, env: Record<string, string> = {}): AnotherInstance {
  const clients = new Set<LiveClient>();
  let database: Database | undefined;
  const instance: AnotherInstance = {
    app: undefined as unknown as FastifyInstance,
    port: 0,
    async live(who, origin) {
      const client = await LiveClient.open(instance.port, { cookie: who?.cookie, origin });
      clients.add(client);
      return client;
    },
  };
  beforeAll(async () => {
    const shared = world.testDb.database;
    database =
      shared.driver.kind === 'postgres'
        ? await openDatabase({ databaseUrl: connectionUrlOf(shared), poolSize: 5 })
        : shared;
    instance.app = await createTestApp(database, { OTP_MAX_PER_IP: '1000', ...env });
    await instance.app.listen({ port: 0, host: '127.0.0.1' });
    instance.port = (instance.app.server.address() as { port: number }).port;
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await instance.app?.close();
    if (database && database !== world.testDb.database) await database.close();
  });
  return instance;
}

/** GET /api/logout as `who`, the way the app's own sign-out link navigates there (same-origin). */
export function signOutByLink(world: World, who: Pick<Member, 'cookie'>): Promise<LightMyRequestResponse> {
  return world.app.inject({
    method: 'GET',
    url: '/api/logout',
    cookies: withSession(who.cookie),
    headers: { 'sec-fetch-site': 'same-origin' },
  });
}
