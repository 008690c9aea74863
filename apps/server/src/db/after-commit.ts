import type { Db } from './client.js';

/** What a transaction queued for after its commit, and the database it belongs to. */
interface CommitScope {
  root: Db;
  callbacks: Array<() => void>;
}

/** Each open transaction (savepoints included) → the scope of its outermost transaction. */
const scopes = new WeakMap<object, CommitScope>();

type TransactionFn = (run: (tx: Db) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/**
 * Teaches `db.transaction` to run what `afterCommit` queued once the outermost transaction has
 * committed (docs/architecture.md, "One way each": live events follow the commit). A rollback
 * drops the queue with the error. Called once on each database `openDatabase` makes.
 */
export function trackCommits(db: Db): Db {
  patchTransaction(db, undefined, db);
  return db;
}

function patchTransaction(target: Db, outer: CommitScope | undefined, root: Db): void {
  const holder = target as unknown as { transaction: TransactionFn };
  const original = holder.transaction.bind(target);
  holder.transaction = async (run, config) => {
    const scope: CommitScope = outer ?? { root, callbacks: [] };
    const result = await original(async (tx: Db) => {
      scopes.set(tx, scope);
      // A savepoint inside queues on the outermost transaction: nothing is visible before it commits.
      patchTransaction(tx, scope, root);
      return run(tx);
    }, config);
    if (!outer) for (const callback of scope.callbacks) callback();
    return result;
  };
}

/**
 * Runs `callback` once what `executor` wrote is committed: after the outermost transaction when
 * `executor` is one, at once when it is the database itself (each statement commits on its own).
 * The callback must not throw (a publish never does).
 */
export function afterCommit(executor: Db, callback: () => void): void {
  const scope = scopes.get(executor);
  if (scope) scope.callbacks.push(callback);
  else callback();
}

/** The database a transaction (or the database itself) belongs to. */
export function rootOf(executor: Db): Db {
  return scopes.get(executor)?.root ?? executor;
}
