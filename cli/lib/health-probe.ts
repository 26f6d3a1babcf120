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
 * How long the peer has been silent as this process saw it, from its answers and the watcher's ticks.
 * A tick later than due means this process could not watch meanwhile (its own event loop held, by a
 * long synchronous write say): that time is not the peer's silence, so each tick adds at most one
 * interval, and a peer is hung after hungAfterMs / everyMs ticks in a row without an answer (5 by
 * default) however late they come. An answer read just as a stall ended is not pushed into the
 * future by it.
 */
export function silenceClock(timings: Pick<ProbeTimings, 'everyMs'>, startMs: number) {
  let lastAnswer = startMs;
  let lastTick = startMs;
  return {
    answered(nowMs: number): void {
      lastAnswer = nowMs;
    },
    /** The silence at a tick of the watcher. */
    tick(nowMs: number): number {
      const unwatchedMs = nowMs - lastTick - timings.everyMs;
      if (unwatchedMs > 0) lastAnswer = Math.min(nowMs, lastAnswer + unwatchedMs);
      lastTick = nowMs;
      return nowMs - lastAnswer;
    },
  };
}

/**
 * Probes `url` every `everyMs` until stopped; calls `onHung` once (and stops) when no probe has been
 * answered with a 2xx for `hungAfterMs`, not counting time this process could not watch
 * (silenceClock) nor time the peer said it was busy on purpose (`busy`: busy-marks.ts). One probe
 * at a time: a hung peer does not pile them up.
 */
export function watchHealth(url: string, timings: ProbeTimings, onHung: (silentMs: number) => void, busy: () => boolean = () => false): () => void {
  const silence = silenceClock(timings, Date.now());
  let probing = false;
  const timer = setInterval(() => {
    if (busy()) silence.answered(Date.now());
    const silentMs = silence.tick(Date.now());
    if (silentMs >= timings.hungAfterMs) {
      clearInterval(timer);
      return onHung(silentMs);
    }
    if (probing) return;
    probing = true;
    fetch(url, { signal: AbortSignal.timeout(timings.timeoutMs) })
      .then(async (res) => {
        await res.body?.cancel();
        if (res.ok) silence.answered(Date.now());
      })
      .catch(() => undefined)
      .finally(() => (probing = false));
  }, timings.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A peer is not hung while it says it is busy on purpose (`busy`), or while it answers other calls
 * (`answeredAt`: the real time of its last answer to the API; its probe may wait behind them): for
 * `watchHealth`'s `busy`. With a long queue of the API's calls (eight fixtures built at once on two
 * busy cores) the probe's answer came late, and a companion at work was killed as hung.
 */
export const notHung = (busy: () => boolean, answeredAt: () => number, everyMs: number, now: () => number = Date.now) =>
  (): boolean => busy() || now() - answeredAt() <= everyMs;
