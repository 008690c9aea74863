import { openDatabase } from '../apps/server/src/db/client.js';
import { searchOpenAuctionsQuery, searchUsersQuery } from '../apps/server/src/modules/search/search.repository.js';
const d = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/' + (process.env.DB ?? 'h6_dev') });
const pool = (d.driver as any).pool;
const terms = process.argv.slice(2);
for (const term of terms) for (const kind of ['users', 'auctions']) {
  const q = kind === 'users' ? searchUsersQuery(d.db, term, { limit: 20 }).toSQL() : searchOpenAuctionsQuery(d.db, term, { limit: 20, now: new Date() }).toSQL();
  let best = Infinity; let plan: any;
  for (let i = 0; i < 3; i++) {
    const { rows } = await pool.query('EXPLAIN (ANALYZE, FORMAT JSON) ' + q.sql, q.params);
    const p = rows[0]['QUERY PLAN'][0];
    if (p['Execution Time'] < best) { best = p['Execution Time']; plan = p.Plan; }
  }
  const nodes: string[] = [];
  const walk = (n: any) => { if (n['Relation Name']) nodes.push(n['Node Type'] + (n['Index Name'] ? ':' + n['Index Name'] : '') + ` rows=${n['Actual Rows']}`); (n.Plans ?? []).forEach(walk); };
  walk(plan);
  console.log(term.padEnd(12), kind.padEnd(9), best.toFixed(2).padStart(8), 'ms', nodes.join(' | '));
}
await d.close();
