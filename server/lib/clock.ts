/**
 * Simulated time. Everything in the simulated world (timestamps, reviews, rides, settling, job
 * schedules) reads a Clock; nothing calls Date.now() for it. What protects the process (rate limits,
 * timeouts, backoff) uses real time instead, so a frozen simulated clock never freezes it.
 *
 * The state is two numbers so that every process (API, simulators, CLI) can rebuild the same clock:
 * frozen mode (FLEET_CLOCK_START set): now = frozenAtMs + offsetMs;
 * real mode: now = real time + offsetMs.
 */
export interface Clock {
  now(): Date;
  nowMs(): number;
}

export interface ClockState {
  frozenAtMs: number | null;
  offsetMs: number;
}

export class SimClock implements Clock {
  private state: ClockState;

  constructor(state: ClockState, private readonly realNowMs: () => number = Date.now) {
    this.state = { ...state };
  }

  static frozenAt(iso: string): SimClock {
    return new SimClock({ frozenAtMs: Date.parse(iso), offsetMs: 0 });
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    const base = this.state.frozenAtMs ?? this.realNowMs();
    return base + this.state.offsetMs;
  }

  nowIso(): string {
    return this.now().toISOString();
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('clock can only move forward');
    // Beyond ±8.64e15 ms a Date is invalid and every toISOString() would throw from then on.
    if (Number.isNaN(new Date(this.nowMs() + ms).getTime())) throw new RangeError('clock would leave the representable date range');
    this.state.offsetMs += ms;
  }

  getState(): ClockState {
    return { ...this.state };
  }

  setState(state: ClockState): void {
    this.state = { ...state };
  }
}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * Parses `45m`, `6h`, `3d`, `90s` or a combination such as `1d12h`, each unit once, largest first
 * (`1d1d` and `30m2h` read as typos, not as 2d and 2h30m). Returns null when invalid.
 */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  if (!/^(?=\d)(\d+d)?(\d+h)?(\d+m)?(\d+s)?$/.test(trimmed)) return null;
  let total = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+)([smhd])/g)) total += Number(amount) * UNIT_MS[unit];
  return total;
}
