import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, is, sql, SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import * as schema from '../../src/db/schema/index.js';
import { auctions, auditLogs, bids, users } from '../../src/db/schema/index.js';
import { migrationsDir } from '../../src/lib/paths.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';

// Spelled out here rather than imported from the contract, so this test compares the
// database with docs/product.md §3 itself and not with a list that could drift along with it.
// prettier-ignore
const SPEC_COLUMNS: Record<string, string[]> = {
  users: [
    'id', 'email', 'password_hash', 'first_name', 'last_name', 'profile_image_url', 'bio', 'age',
    'location', 'country', 'zip_code', 'latitude', 'longitude', 'interests', 'sex',
    'open_to_dates_with', 'stripe_customer_id', 'identity_verification_status',
    'identity_verification_step', 'id_document_type', 'id_document_front_url',
    'id_document_back_url', 'biometric_selfie_url', 'verification_confidence_score',
    'verification_details', 'verification_attempted_at', 'verification_completed_at',
    'requires_manual_review', 'reviewer_notes', 'created_at', 'updated_at',
  ],
  auctions: [
    'id', 'creator_id', 'title', 'description', 'date_type', 'location', 'latitude', 'longitude',
    'location_radius', 'starting_bid', 'current_bid', 'buy_now_price', 'payment_responsibility',
    'payment_notes', 'expected_duration', 'end_time', 'is_active', 'winner_id', 'bid_count',
    'created_at', 'updated_at',
  ],
  bids: ['id', 'auction_id', 'bidder_id', 'amount', 'created_at'],
  messages: ['id', 'conversation_id', 'sender_id', 'receiver_id', 'content', 'is_read', 'created_at'],
  notifications: [
    'id', 'user_id', 'type', 'title', 'message', 'is_read', 'related_auction_id', 'related_user_id',
    'created_at',
  ],
  audit_logs: [
    'id', 'timestamp', 'user_id', 'action', 'resource', 'resource_id', 'outcome', 'details',
    'client_ip', 'user_agent', 'session_id', 'previous_hash', 'entry_hash', 'sequence',
    'retention_date', 'compliance_level',
  ],
  sessions: ['sid', 'sess', 'expire'],
};

// prettier-ignore
const SPEC_ENUMS: Record<string, string[]> = {
  date_type: ['coffee', 'dinner', 'activity', 'virtual'],
  payment_responsibility: ['50_50', 'winner_pays', 'creator_pays'],
  sex: ['male', 'female', 'other'],
  notification_type: [
    'bid_received', 'outbid', 'auction_won', 'auction_lost', 'message_received', 'auction_ending_soon',
    // Added beyond the spec's six (docs/auction-lifecycle.md): the spec allows other types.
    'auction_ended', 'auction_updated', 'auction_cancelled',
    'payment_succeeded', 'payment_failed',
    // Trust and safety (docs/trust-and-safety.md).
    'identity_verification', 'report_resolved', 'moderation_action', 'account_inactive',
    'date_plan', 'date_reminder', 'date_mode', 'refund', 'payout',
    // Feedback after a date (docs/the-date.md).
    'feedback_request',
    // Saved searches (docs/auctions.md).
    'saved_search_match',
  ],
  audit_action: [
    'upload', 'download', 'verify', 'delete', 'access_granted', 'access_denied', 'login', 'logout',
    'verification_start', 'verification_complete', 'document_secured',
  ],
  audit_outcome: ['success', 'failure', 'denied'],
  compliance_level: ['ial1', 'ial2', 'ial3'],
  // Trust and safety (docs/trust-and-safety.md), beyond docs/product.md §3.
  identity_document_kind: ['document_front', 'document_back', 'selfie'],
  moderation_action: [
    'dismiss', 'warn', 'hide_auction', 'suspend_user', 'hide_review', 'overturn_no_show', 'lift_hosting_suspension',
  ],
  report_reason: [
    'harassment', 'inappropriate_content', 'sexual_content', 'fake_profile', 'scam_or_fraud', 'underage',
    'safety_concern', 'spam', 'other', 'unsafe_date', 'no_show',
  ],
  report_status: ['open', 'resolved'],
  report_target_type: ['user', 'auction', 'message', 'date', 'review'],
  user_role: ['member', 'moderator'],
};

/** The column types docs/product.md §3 names: [table, column, PostgreSQL type name] (`_x`: an array of x). */
const SPEC_TYPES: Array<[table: string, column: string, udtName: string]> = [
  ['users', 'interests', '_text'],
  ['users', 'open_to_dates_with', '_sex'],
  ['users', 'sex', 'sex'],
  ['auctions', 'date_type', 'date_type'],
  ['auctions', 'payment_responsibility', 'payment_responsibility'],
  ['notifications', 'type', 'notification_type'],
  ['audit_logs', 'action', 'audit_action'],
  ['audit_logs', 'outcome', 'audit_outcome'],
  ['audit_logs', 'compliance_level', 'compliance_level'],
  ['sessions', 'sess', 'jsonb'],
];

/** The column defaults docs/product.md §3 names: [table, column, default as PostgreSQL shows it]. */
const SPEC_DEFAULTS: Array<[table: string, column: string, columnDefault: string | RegExp]> = [
  ['users', 'identity_verification_status', /^'unverified'/],
  ['users', 'requires_manual_review', 'false'],
  ['auctions', 'payment_responsibility', /^'50_50'/],
  ['auctions', 'location_radius', '25'],
  ['auctions', 'expected_duration', '15'],
  ['auctions', 'is_active', 'true'],
  ['messages', 'is_read', 'false'],
  ['notifications', 'is_read', 'false'],
  ['audit_logs', 'compliance_level', /^'ial2'/],
];

/** Every table the Drizzle schema declares, including ones added after docs/product.md §3's list. */
const SCHEMA_TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);

interface ColumnInfo {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
}

async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers (node-postgres and PGlite) answer `execute` with a `rows` array.
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

async function readColumns(db: Db): Promise<Map<string, ColumnInfo>> {
  const rows = await queryRows<ColumnInfo>(
    db,
    sql`select table_name, column_name, data_type, udt_name, is_nullable, column_default,
               numeric_precision::int as numeric_precision, numeric_scale::int as numeric_scale
        from information_schema.columns where table_schema = 'public'`,
  );
  return new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r]));
}

/** A description of everything the migration created, to compare before and after a re-run. */
async function describeSchema(db: Db): Promise<unknown> {
  return {
    tables: await queryRows(
      db,
      sql`select table_schema, table_name from information_schema.tables
          where table_schema in ('public', 'drizzle') order by 1, 2`,
    ),
    columns: await queryRows(
      db,
      sql`select table_name, column_name, data_type, column_default from information_schema.columns
          where table_schema = 'public' order by table_name, column_name`,
    ),
    indexes: await queryRows(
      db,
      sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`,
    ),
    constraints: await queryRows(
      db,
      sql`select conname, pg_get_constraintdef(oid) as def from pg_constraint
          where connamespace = 'public'::regnamespace order by conname`,
    ),
  };
}

async function countAppliedMigrations(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(row?.n);
}

function journalEntryCount(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Drizzle wraps driver errors; the PostgreSQL error (code, constraint) is the cause. */
function postgresError(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string') {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}),
      };
    }
    current = candidate.cause;
  }
  return {};
}

async function expectPostgresError(promise: Promise<unknown>, code: string, constraint?: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the database accepted a value it must refuse').toBeDefined();
  const details = postgresError(error);
  expect(details.code).toBe(code);
  if (constraint) expect(details.constraint).toBe(constraint);
}

async function insertUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db
    .insert(users)
    .values({ email: `${randomBytes(4).toString('hex')}@example.test`, firstName: 'Test', ...overrides })
    .returning();
  if (!user) throw new Error('insert returned no user');
  return user;
}

function auctionValues(creatorId: string, overrides: Partial<typeof auctions.$inferInsert> = {}) {
  return {
    creatorId,
    title: 'Coffee at the corner cafe',
    description: 'A relaxed coffee and a chat downtown.',
    dateType: 'coffee' as const,
    startingBid: '20.00',
    currentBid: '20.00',
    endTime: new Date(Date.now() + 86_400_000),
    ...overrides,
  };
}

describe.each(testDatabaseFactories())('database migrations on $kind', (factory) => {
  let testDb: TestDatabase;
  let db: Db;
  let columns: Map<string, ColumnInfo>;

  const column = (table: string, name: string): ColumnInfo => {
    const info = columns.get(`${table}.${name}`);
    if (!info) throw new Error(`missing column ${table}.${name}`);
    return info;
  };

  beforeAll(async () => {
    testDb = await factory.open();
    db = testDb.database.db;
    columns = await readColumns(db);
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  it('creates every table of docs/product.md §3 with every column the spec lists', () => {
    for (const [table, expected] of Object.entries(SPEC_COLUMNS)) {
      const actual = [...columns.values()].filter((c) => c.table_name === table).map((c) => c.column_name);
      expect(actual, `columns of ${table}`).toEqual(expect.arrayContaining(expected));
    }
  });

  it('gives columns the types and defaults the spec asks for', () => {
    for (const [table, name, udtName] of SPEC_TYPES) {
      expect(column(table, name).udt_name, `type of ${table}.${name}`).toBe(udtName);
    }
    for (const [table, name, expected] of SPEC_DEFAULTS) {
      const actual = column(table, name).column_default;
      // An enum's default reads 'value'::type: only the value is the spec's.
      if (expected instanceof RegExp) expect(actual, `default of ${table}.${name}`).toMatch(expected);
      else expect(actual, `default of ${table}.${name}`).toBe(expected);
    }
    expect(column('users', 'identity_verification_status').is_nullable).toBe('NO');
    expect(column('users', 'interests').data_type).toBe('ARRAY');
    expect(column('users', 'open_to_dates_with').data_type).toBe('ARRAY');
    expect(column('sessions', 'expire').data_type).toBe('timestamp with time zone');
  });

  it('stores money as numeric(10,2) and coordinates with 8 decimals', () => {
    for (const [table, name] of [
      ['auctions', 'starting_bid'],
      ['auctions', 'current_bid'],
      ['auctions', 'buy_now_price'],
      ['bids', 'amount'],
    ] as const) {
      expect(column(table, name), `${table}.${name}`).toMatchObject({
        data_type: 'numeric',
        numeric_precision: 10,
        numeric_scale: 2,
      });
    }
    for (const table of ['users', 'auctions']) {
      for (const name of ['latitude', 'longitude']) {
        expect(column(table, name), `${table}.${name}`).toMatchObject({ data_type: 'numeric', numeric_scale: 8 });
      }
    }
  });

  it('creates the enums with exactly the spec values, in order', async () => {
    const rows = await queryRows<{ type: string; label: string }>(
      db,
      sql`select t.typname as type, e.enumlabel as label
          from pg_enum e join pg_type t on t.oid = e.enumtypid
          where t.typnamespace = 'public'::regnamespace
          order by t.typname, e.enumsortorder`,
    );
    const actual: Record<string, string[]> = {};
    for (const row of rows) (actual[row.type] ??= []).push(row.label);
    expect(actual).toEqual(SPEC_ENUMS);
  });

  it('creates the foreign keys between the tables', async () => {
    const rows = await queryRows<{ source: string; target: string }>(
      db,
      sql`select c.conrelid::regclass::text || '.' || a.attname as source,
                 c.confrelid::regclass::text || '.' || af.attname as target
          from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          join pg_attribute af on af.attrelid = c.confrelid and af.attnum = c.confkey[1]
          where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
    );
    const foreignKeys = rows.map((r) => `${r.source} -> ${r.target}`);
    expect(foreignKeys).toEqual(
      expect.arrayContaining([
        'auctions.creator_id -> users.id',
        'auctions.winner_id -> users.id',
        'bids.auction_id -> auctions.id',
        'bids.bidder_id -> users.id',
        'messages.sender_id -> users.id',
        'messages.receiver_id -> users.id',
        'notifications.user_id -> users.id',
      ]),
    );
  });

  it('creates every index the Drizzle schema names, on the declared columns', async () => {
    const rows = await queryRows<{ tablename: string; indexname: string; indexdef: string }>(
      db,
      sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'`,
    );
    const byName = new Map(rows.map((r) => [r.indexname, r]));
    let checked = 0;
    for (const table of SCHEMA_TABLES) {
      const config = getTableConfig(table);
      for (const index of config.indexes) {
        const name = index.config.name;
        if (!name) continue;
        const actual = byName.get(name);
        expect(actual, `index ${name}`).toBeDefined();
        expect(actual?.tablename).toBe(config.name);
        // The access method (btree unless declared, e.g. gin for trigram search) must be the declared one.
        const method = index.config.method ?? 'btree';
        expect(actual?.indexdef, `access method of ${name}`).toContain(` USING ${method} (`);
        const isExpressionIndex = index.config.columns.some((c) => is(c, SQL));
        if (isExpressionIndex) {
          // An expression index (e.g. the trigram index on a user's full name) has no column names to
          // compare; PostgreSQL reprints the expression with casts. Existence, method, uniqueness and
          // partiality are still checked.
          expect(actual?.indexdef.startsWith('CREATE UNIQUE INDEX'), `uniqueness of ${name}`).toBe(index.config.unique);
          expect(/\) WHERE /.test(actual?.indexdef ?? ''), `WHERE clause of ${name}`).toBe(Boolean(index.config.where));
          checked++;
          continue;
        }
        const expectedColumns = index.config.columns.map((c) => (c as { name?: string }).name).join(', ');
        const match = /\((.+?)\)(?: WHERE (.+))?$/.exec(actual?.indexdef ?? '');
        // Directions and operator classes (gin_trgm_ops) are compared apart from names: PostgreSQL
        // prints them after the column.
        const opClasses = index.config.columns
          .map((c) => (c as { indexConfig?: { opClass?: string } }).indexConfig?.opClass)
          .filter((op): op is string => Boolean(op));
        const actualOpClasses = [...(match?.[1] ?? '').matchAll(/ (\w+_ops)\b/g)].map((m) => m[1]);
        expect(actualOpClasses, `operator classes of ${name}`).toEqual(opClasses);
        const actualColumns = match?.[1]?.replace(/ \w+_ops\b/g, '').replace(/ (ASC|DESC)( NULLS (FIRST|LAST))?/g, '');
        expect(actualColumns, `columns of ${name}`).toBe(expectedColumns);
        const descending = index.config.columns
          .map((c) => c as { name?: string; indexConfig?: { order?: string } })
          .filter((c) => c.indexConfig?.order === 'desc')
          .map((c) => c.name);
        const actualDescending = [...(match?.[1] ?? '').matchAll(/(\w+) DESC/g)].map((m) => m[1]);
        expect(actualDescending, `descending columns of ${name}`).toEqual(descending);
        expect(actual?.indexdef.startsWith('CREATE UNIQUE INDEX'), `uniqueness of ${name}`).toBe(index.config.unique);
        // A partial index must stay partial: the planner only uses it for the filtered query.
        expect(Boolean(match?.[2]), `WHERE clause of ${name}`).toBe(Boolean(index.config.where));
        checked++;
      }
    }
    // Guards against a schema refactor that silently drops every index declaration.
    expect(checked).toBeGreaterThanOrEqual(19);
  });

  it('installs pg_trgm and the trigram indexes search relies on (docs/engineering.md §7)', async () => {
    const extensions = await queryRows<{ extname: string }>(db, sql`select extname from pg_extension`);
    expect(extensions.map((e) => e.extname)).toContain('pg_trgm');
    const rows = await queryRows<{ indexname: string; indexdef: string }>(
      db,
      sql`select indexname, indexdef from pg_indexes
          where schemaname = 'public' and indexname in ('users_name_trgm_idx', 'auctions_title_trgm_idx')
          order by indexname`,
    );
    expect(rows.map((r) => r.indexname)).toEqual(['auctions_title_trgm_idx', 'users_name_trgm_idx']);
    for (const row of rows) {
      expect(row.indexdef, row.indexname).toContain('USING gin');
      expect(row.indexdef, row.indexname).toContain('gin_trgm_ops');
    }
    expect(rows[1]?.indexdef).toMatch(/first_name.*last_name/);
    expect(rows[0]?.indexdef).toMatch(/\(title gin_trgm_ops\)$/);
  });

  it('makes audit_logs.sequence and users.email unique', async () => {
    const rows = await queryRows<{ tbl: string; col: string }>(
      db,
      sql`select i.indrelid::regclass::text as tbl, a.attname as col
          from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
          where i.indisunique and i.indnatts = 1 and i.indpred is null
            and i.indrelid in ('audit_logs'::regclass, 'users'::regclass)`,
    );
    const unique = rows.map((r) => `${r.tbl}.${r.col}`);
    expect(unique).toEqual(expect.arrayContaining(['audit_logs.sequence', 'users.email']));

    const entry = {
      action: 'login' as const,
      resource: 'session',
      outcome: 'success' as const,
      entryHash: 'a'.repeat(64),
    };
    await db.insert(auditLogs).values({ ...entry, sequence: 1 });
    await expectPostgresError(db.insert(auditLogs).values({ ...entry, sequence: 1 }), '23505');
  });

  it('round-trips money and coordinates exactly, as strings', async () => {
    const user = await insertUser(db, { latitude: '30.26715123', longitude: '-122.33207081' });
    const [auction] = await db
      .insert(auctions)
      .values(
        auctionValues(user.id, {
          startingBid: '12.34',
          currentBid: '12.3',
          buyNowPrice: '99999999.99',
          latitude: '-89.99999999',
          longitude: '179.99999999',
        }),
      )
      .returning({ id: auctions.id });
    if (!auction) throw new Error('no auction');
    const bidder = await insertUser(db);
    await db.insert(bids).values([
      { auctionId: auction.id, bidderId: bidder.id, amount: '0.10' },
      { auctionId: auction.id, bidderId: bidder.id, amount: '0.20' },
    ]);

    const [readUser] = await db.select().from(users).where(eq(users.id, user.id));
    expect(readUser).toMatchObject({ latitude: '30.26715123', longitude: '-122.33207081' });
    // Defaults the application relies on when it inserts a bare row.
    expect(readUser).toMatchObject({
      identityVerificationStatus: 'unverified',
      requiresManualReview: false,
      interests: [],
      openToDatesWith: [],
    });

    const [readAuction] = await db.select().from(auctions).where(eq(auctions.id, auction.id));
    expect(readAuction).toMatchObject({
      startingBid: '12.34',
      currentBid: '12.30',
      buyNowPrice: '99999999.99',
      latitude: '-89.99999999',
      longitude: '179.99999999',
      paymentResponsibility: '50_50',
      locationRadius: 25,
      isActive: true,
      bidCount: 0,
    });

    // 0.1 + 0.2 is 0.30000000000000004 in floating point; an exact decimal says 0.30.
    const [total] = await db
      .select({ sum: sql<string>`sum(${bids.amount})::text` })
      .from(bids)
      .where(eq(bids.auctionId, auction.id));
    expect(total?.sum).toBe('0.30');

    // Precision 10 leaves 8 integer digits: one more is refused, not rounded.
    await expectPostgresError(
      db.insert(auctions).values(auctionValues(user.id, { buyNowPrice: '100000000.00' })),
      '22003',
    );
  });

  it('enforces the check constraints of the schema', async () => {
    await expectPostgresError(insertUser(db, { age: 17 }), '23514', 'users_age_range');
    await expectPostgresError(insertUser(db, { age: 101 }), '23514', 'users_age_range');
    await expect(insertUser(db, { age: 18 })).resolves.toMatchObject({ age: 18 });
    await expectPostgresError(insertUser(db, { email: 'not-an-email' }), '23514', 'users_email_format');

    const creator = await insertUser(db);
    const insertAuction = (overrides: Partial<typeof auctions.$inferInsert>) =>
      db.insert(auctions).values(auctionValues(creator.id, overrides));
    await expectPostgresError(insertAuction({ expectedDuration: 20 }), '23514', 'auctions_duration_range');
    await expectPostgresError(insertAuction({ expectedDuration: 0 }), '23514', 'auctions_duration_range');
    await expectPostgresError(insertAuction({ expectedDuration: 10_095 }), '23514', 'auctions_duration_range');
    await expectPostgresError(insertAuction({ locationRadius: 0 }), '23514', 'auctions_radius_range');
    await expectPostgresError(insertAuction({ locationRadius: 501 }), '23514', 'auctions_radius_range');
    await expectPostgresError(
      insertAuction({ startingBid: '0.99', currentBid: '0.99' }),
      '23514',
      'auctions_starting_bid_min',
    );
    await expectPostgresError(insertAuction({ buyNowPrice: '0.00' }), '23514', 'auctions_buy_now_positive');
    await expectPostgresError(insertAuction({ bidCount: -1 }), '23514', 'auctions_bid_count_nonnegative');
    await expect(insertAuction({ expectedDuration: 10_080, locationRadius: 500 })).resolves.toBeDefined();

    const [auction] = await insertAuction({}).returning({ id: auctions.id });
    if (!auction) throw new Error('no auction');
    await expectPostgresError(
      db.insert(bids).values({ auctionId: auction.id, bidderId: creator.id, amount: '0.00' }),
      '23514',
      'bids_amount_positive',
    );
    await expectPostgresError(
      db
        .insert(bids)
        .values({ auctionId: auction.id, bidderId: '00000000-0000-4000-8000-000000000000', amount: '5.00' }),
      '23503',
    );
  });

  it('treats a second runMigrations as a no-op that keeps the data', async () => {
    const marker = await insertUser(db, { firstName: 'Still here' });
    const before = await describeSchema(db);
    const appliedBefore = await countAppliedMigrations(db);
    expect(appliedBefore).toBe(journalEntryCount());

    await runMigrations(testDb.database);

    expect(await countAppliedMigrations(db)).toBe(appliedBefore);
    expect(await describeSchema(db)).toEqual(before);
    const [still] = await db.select().from(users).where(eq(users.id, marker.id));
    expect(still?.firstName).toBe('Still here');
  });

  it.runIf(factory.kind === 'postgres')(
    'lets two instances race to migrate one fresh database (advisory lock)',
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL as string;
      const name = `test_race_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      // Two pools stand for two app instances booting against the same empty database.
      const first = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      const second = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      try {
        const results = await Promise.allSettled([runMigrations(first), runMigrations(second)]);
        expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);

        // Exactly one set of tables: the raced database looks like the one migrated alone.
        const tables = await queryRows<{ name: string }>(
          first.db,
          sql`select table_schema || '.' || table_name as name from information_schema.tables
              where table_schema in ('public', 'drizzle')`,
        );
        expect(tables.map((t) => t.name)).toEqual(
          expect.arrayContaining([
            'drizzle.__drizzle_migrations',
            ...Object.keys(SPEC_COLUMNS).map((t) => `public.${t}`),
          ]),
        );
        expect(await describeSchema(first.db)).toEqual(await describeSchema(db));
        expect(await countAppliedMigrations(first.db)).toBe(journalEntryCount());
      } finally {
        await first.close();
        await second.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      }
    },
  );
});
