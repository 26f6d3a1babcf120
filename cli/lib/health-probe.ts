import { CliError } from '../output.ts';

/** Real-time settings of the companion's health probe: protection, so never simulated time. */
export interface ProbeTimings {
  /** Between two probes. */
  everyMs: number;
  /** One probe's limit. */
  timeoutMs: number;
  /** Without a single answer for this long, the process counts as hung. */
  hungAfterMs: number;
}

/**
 * Defaults: a busy companion (a 28-day ride backfill of a big fleet holds its event loop for about a
 * second) must never be taken for a hung one, and a hung one must be replaced within the 20 s of
 * contract §1 (5 s to notice, then a restart of a few seconds).
 */
export const DEFAULT_PROBE: ProbeTimings = { everyMs: 1_000, timeoutMs: 1_500, hungAfterMs: 5_000 };

const VARIABLES: Record<keyof ProbeTimings, string> = {
  everyMs: 'FLEET_SIM_PROBE_EVERY_MS',
  timeoutMs: 'FLEET_SIM_PROBE_TIMEOUT_MS',
  hungAfterMs: 'FLEET_SIM_HUNG_AFTER_MS',
};

export function probeTimings(env: NodeJS.ProcessEnv): ProbeTimings {
  const read = (key: keyof ProbeTimings): number => {
    const raw = env[VARIABLES[key]];
    if (raw === undefined || raw === '') return DEFAULT_PROBE[key];
    if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new CliError(`${VARIABLES[key]} debe ser un número entero de milisegundos ≥ 1 (recibido: ${raw})`);
    return Number(raw);
  };
  return { everyMs: read('everyMs'), timeoutMs: read('timeoutMs'), hungAfterMs: read('hungAfterMs') };
}

/**
 * Probes `url` every `everyMs` until stopped; calls `onHung` once (and stops) when no probe has been
 * answered with a 2xx for `hungAfterMs`. One probe at a time: a hung peer does not pile them up.
 * Time this process could not watch (its own event loop held, by a long synchronous write say: its
 * timer fires late) is not counted as the peer's silence: serve used to replace a companion that had
 * answered all along, mid-delete of a big world, for its own stall.
 */
export function watchHealth(url: string, timings: ProbeTimings, onHung: (silentMs: number) => void): () => void {
  let lastAnswer = Date.now();
  let lastTick = lastAnswer;
  let probing = false;
  const timer = setInterval(() => {
    const now = Date.now();
    const unwatchedMs = now - lastTick - timings.everyMs;
    if (unwatchedMs > timings.timeoutMs) lastAnswer += unwatchedMs;
    lastTick = now;
    const silentMs = now - lastAnswer;
    if (silentMs >= timings.hungAfterMs) {
      clearInterval(timer);
      return onHung(silentMs);
    }
    if (probing) return;
    probing = true;
    fetch(url, { signal: AbortSignal.timeout(timings.timeoutMs) })
      .then(async (res) => {
        await res.body?.cancel();
        if (res.ok) lastAnswer = Date.now();
      })
      .catch(() => undefined)
      .finally(() => (probing = false));
  }, timings.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
