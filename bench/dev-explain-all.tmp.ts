import { AUCTION_SORTS, DATE_TYPES, PRICE_RANGES, PRICE_RANGE_BOUNDS, centsToMoneyString } from '@bid/contract';
import { openDatabase } from '../apps/server/src/db/client.js';
import { listOpenAuctions } from '../apps/server/src/modules/auctions/auctions.repository.js';
import { boundingBox } from '../apps/server/src/lib/geo.js';
const d = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/' + (process.argv[2] ?? 'h6_dev') });
const pool = (d.driver as any).pool;
const center = { latitude: 30.30710375, longitude: -97.759865 };
const filters: any[] = [{}, ...DATE_TYPES.map((t) => ({ dateType: t })), ...PRICE_RANGES.map((p) => { const b = PRICE_RANGE_BOUNDS[p]; return { minBid: b.minCents === undefined ? undefined : centsToMoneyString(b.minCents), maxBid: b.maxCents === undefined ? undefined : centsToMoneyString(b.maxCents), label: p }; }), ...[25, 50, 100].map((m) => ({ near: { center, miles: m, box: boundingBox(center, m) }, label: 'loc' + m }))];
for (const f of filters) for (const sortBy of AUCTION_SORTS) {
  const q = listOpenAuctions(d.db, { now: new Date(), sortBy, limit: 25, offset: 0, ...f }).toSQL();
  let best = Infinity; let plan: any;
  for (let i = 0; i < 3; i++) {
    const { rows } = await pool.query('EXPLAIN (ANALYZE, FORMAT JSON) ' + q.sql, q.params);
    const p = rows[0]['QUERY PLAN'][0];
    if (p['Execution Time'] < best) { best = p['Execution Time']; plan = p.Plan; }
  }
  const nodes: string[] = [];
  const walk = (n: any) => { if (n['Relation Name'] === 'auctions') nodes.push(n['Node Type'] + (n['Index Name'] ? ':' + n['Index Name'] : '') + ` rows=${n['Actual Rows']}`); (n.Plans ?? []).forEach(walk); };
  walk(plan);
  console.log((f.label ?? f.dateType ?? 'none').padEnd(10), sortBy.padEnd(13), best.toFixed(2).padStart(8), 'ms', nodes.join(' | '));
}
await d.close();
