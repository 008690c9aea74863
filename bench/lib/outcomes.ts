import type { Measurement, ScenarioOutcome } from '../summary.js';
import type { Scenario } from './context.js';

/**
 * The rows one scenario's run gives: its own (under the full run's target when it has a stricter
 * one), then one per companion scenario measured in the same run (hot-auction-latency within
 * hot-auction-bids). A companion the run did not measure, or a run that failed, gives that
 * companion an error row, so it never silently disappears from summary.json.
 */
export function scenarioOutcomes(
  scenario: Scenario,
  quick: boolean,
  result: Measurement | { error: string },
): ScenarioOutcome[] {
  let own: ScenarioOutcome['measurement'];
  let companions: Measurement['companions'] = {};
  if ('error' in result) own = result;
  else {
    const { companions: measuredCompanions, ...measured } = result;
    own = { ...measured, detail: { unit: scenario.unit, ...measured.detail } };
    companions = measuredCompanions ?? {};
  }
  const target = quick ? scenario.target : (scenario.fullTarget ?? scenario.target);
  return [
    { name: scenario.name, target, invariant: scenario.invariant, measurement: own },
    ...(scenario.companions ?? []).map((companion): ScenarioOutcome => {
      const measured = companions[companion.name];
      return {
        name: companion.name,
        target: companion.target,
        invariant: companion.invariant,
        measurement: measured
          ? { ...measured, detail: { unit: companion.unit, ...measured.detail } }
          : { error: 'error' in result ? result.error : `${scenario.name} did not measure it` },
      };
    }),
  ];
}
