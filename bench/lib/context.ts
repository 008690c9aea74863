import type { Measurement, ScenarioName, Target } from '../summary.js';
import type { ScratchDatabase } from './database.js';
import type { Member } from './members.js';

/** A seeded marketplace (marketplace.ts) that scenarios only read, shared by the scaling scenarios. */
export interface MarketplaceDatabase {
  size: number;
  database: ScratchDatabase;
  /** A signed-in member in Austin, TX (so the distance filter applies to them). */
  viewer: Member;
  description: string;
}

export interface BenchContext {
  /**
   * `--quick`: fewer cases and shorter rounds, never fewer samples per case nor fewer than 5
   * rounds (docs/performance.md, "Method").
   */
  quick: boolean;
  /** The PostgreSQL server scratch databases are created on. */
  serverUrl: string;
  /** SESSION_SECRET of every app instance of this run (random per run), to sign seeded sessions. */
  sessionSecret: string;
  /** The built web app (`npm run build`). */
  webDistDir: string;
  chromiumPath: string;
  log(message: string): void;
  /** A fresh, migrated database for this scenario; the runner drops it afterwards. */
  scratchDatabase(label: string): Promise<ScratchDatabase>;
  /** `size` users and `size` auctions, seeded once per run and shared; never written to by scenarios. */
  marketplace(size: number): Promise<MarketplaceDatabase>;
  /** Called once setup and warm-up are done, just before the timed rounds (database.ts, `checkpoint`). */
  beforeTiming(): Promise<void>;
}

/** A scenario measured within another's run (its Measurement.companions), with a row of its own. */
export interface CompanionScenario {
  name: ScenarioName;
  /** Unit of `value` and `ceiling`, for the table (kept in `detail.unit`). */
  unit: string;
  target: Target;
  invariant: string;
}

export interface Scenario extends CompanionScenario {
  /** The target of the full run where it is stricter than quick mode's `target`. */
  fullTarget?: Target;
  /** Scenarios this run also measures; `--only=<companion>` runs this scenario. */
  companions?: readonly CompanionScenario[];
  run(ctx: BenchContext): Promise<Measurement>;
}
