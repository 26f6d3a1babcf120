import { DEFAULT_SEED, type Config } from '../../server/config.ts';
import { connectRunning, DEFAULT_CLOCK_START, startFresh, type FreshOptions, type Target } from './environment.ts';
import { loadScenario } from './load.ts';
import { runScenario, type ScenarioRun } from './runner.ts';
import type { Scenario } from './schema.ts';

export interface RunFileOptions {
  /** A new temporary environment for this file, started and stopped here. */
  fresh: boolean;
  /** --fresh only; each wins over the scenario file's own `seed` / `clockStart`. */
  seed?: number;
  clockStart?: string;
  rateLimit?: number;
  simulators?: FreshOptions['simulators'];
  /** The running environment (PORT, FLEET_DATA_DIR) when not fresh. */
  config?: Config;
}

/** Loads and validates a scenario file, then runs it on a fresh environment or the running one. */
export function runScenarioFile(file: string, options: RunFileOptions): Promise<ScenarioRun> {
  return runLoadedScenario(loadScenario(file), file, options);
}

export async function runLoadedScenario(scenario: Scenario, file: string, options: RunFileOptions): Promise<ScenarioRun> {
  let target: Target;
  if (options.fresh) {
    target = await startFresh({
      seed: options.seed ?? scenario.seed ?? DEFAULT_SEED,
      clockStart: options.clockStart ?? scenario.clockStart ?? DEFAULT_CLOCK_START,
      rateLimit: options.rateLimit,
      simulators: options.simulators,
    });
  } else {
    if (!options.config) throw new Error('runScenarioFile: without fresh, a config of the running environment is needed');
    target = await connectRunning(options.config);
  }
  try {
    return await runScenario(scenario, target, file);
  } finally {
    await target.stop();
  }
}
