/**
 * Every wait for PostgreSQL has a limit (docs/reliability.md, "Every wait has a limit"), so a
 * frozen or black-holed server costs a request about two seconds and a 503, never a hang.
 */
export interface DatabaseTimeLimits {
  /** Opening a connection, and waiting for a free one from the pool. */
  connectMs: number;
  /** Server side: a statement running longer is cancelled (57014). */
  statementMs: number;
  /** Server side: waiting longer for a row or table lock fails the statement (55P03): the bid path's row lock. */
  lockMs: number;
  /** Server side: a session idle inside an open transaction longer is ended, releasing its locks. */
  idleInTransactionMs: number;
}

export const DEFAULT_DATABASE_TIME_LIMITS: DatabaseTimeLimits = {
  connectMs: 2_000,
  statementMs: 2_000,
  lockMs: 1_500,
  idleInTransactionMs: 10_000,
};
