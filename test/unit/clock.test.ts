import { describe, expect, it } from 'vitest';
import { parseDuration, SimClock } from '../../server/lib/clock.ts';

const START = '2026-03-02T15:00:00.000Z';

describe('SimClock frozen', () => {
  it('when frozen and real time passes, then now stays at the start', () => {
    // Arrange
    let real = 1_000;
    const clock = new SimClock({ frozenAtMs: Date.parse(START), offsetMs: 0 }, () => real);

    // Act
    const first = clock.nowIso();
    real += 60_000;
    const second = clock.nowIso();

    // Assert
    expect(first).toBe(START);
    expect(second).toBe(START);
  });

  it('when frozenAt is used, then now() is that instant as a Date', () => {
    const clock = SimClock.frozenAt(START);

    expect(clock.now()).toBeInstanceOf(Date);
    expect(clock.now().toISOString()).toBe(START);
    expect(clock.nowMs()).toBe(Date.parse(START));
  });

  it('when advanced, then now moves by exactly that amount, cumulatively', () => {
    const clock = SimClock.frozenAt(START);

    clock.advance(45 * 60_000);
    clock.advance(15 * 60_000);

    expect(clock.nowIso()).toBe('2026-03-02T16:00:00.000Z');
    expect(clock.getState()).toEqual({ frozenAtMs: Date.parse(START), offsetMs: 3_600_000 });
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('when advanced by %s, then it throws and time does not move', (ms) => {
    const clock = SimClock.frozenAt(START);

    expect(() => clock.advance(ms)).toThrow(RangeError);
    expect(clock.nowIso()).toBe(START);
  });

  it('when an advance would leave the range a Date can represent, then it throws and time does not move', () => {
    const clock = SimClock.frozenAt(START);

    expect(() => clock.advance(99_999_999 * 86_400_000)).toThrow(RangeError);
    expect(clock.nowIso()).toBe(START);
    expect(clock.getState().offsetMs).toBe(0);
  });

  it('when advanced by 0, then time does not move', () => {
    const clock = SimClock.frozenAt(START);

    clock.advance(0);

    expect(clock.nowIso()).toBe(START);
  });
});

describe('SimClock real', () => {
  it('when not frozen, then now follows real time plus the offset', () => {
    // Arrange
    let real = Date.parse('2030-01-01T00:00:00.000Z');
    const clock = new SimClock({ frozenAtMs: null, offsetMs: 0 }, () => real);

    // Act
    const t0 = clock.nowIso();
    real += 5_000;
    const t1 = clock.nowIso();
    clock.advance(86_400_000);
    const t2 = clock.nowIso();

    // Assert
    expect(t0).toBe('2030-01-01T00:00:00.000Z');
    expect(t1).toBe('2030-01-01T00:00:05.000Z');
    expect(t2).toBe('2030-01-02T00:00:05.000Z');
  });

  it('when built with the default real-time source, then now is close to Date.now()', () => {
    const clock = new SimClock({ frozenAtMs: null, offsetMs: 0 });

    expect(Math.abs(clock.nowMs() - Date.now())).toBeLessThan(1_000);
  });
});

describe('SimClock state', () => {
  it('when the state is read and mutated by the caller, then the clock is unchanged', () => {
    const clock = SimClock.frozenAt(START);

    const state = clock.getState();
    state.offsetMs = 999_999;

    expect(clock.nowIso()).toBe(START);
  });

  it('when the constructor input is mutated afterwards, then the clock is unchanged', () => {
    const input = { frozenAtMs: Date.parse(START), offsetMs: 0 };
    const clock = new SimClock(input);

    input.offsetMs = 60_000;

    expect(clock.nowIso()).toBe(START);
  });

  it('when a second clock is given the state of the first, then both tell the same time', () => {
    const a = SimClock.frozenAt(START);
    a.advance(123_456);
    const b = SimClock.frozenAt('2000-01-01T00:00:00.000Z');

    b.setState(a.getState());

    expect(b.nowIso()).toBe(a.nowIso());
    expect(b.nowIso()).toBe('2026-03-02T15:02:03.456Z');
  });
});

describe('parseDuration', () => {
  it.each([
    ['90s', 90_000],
    ['45m', 2_700_000],
    ['6h', 21_600_000],
    ['3d', 259_200_000],
    ['1d12h', 129_600_000],
    ['1h30m', 5_400_000],
    ['1d2h3m4s', 93_784_000],
    ['0m', 0],
    [' 6h ', 21_600_000],
  ])('when given %j, then returns %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '5', 'h', '5x', '-5m', '1.5h', '6 h', 'h6', '6H', 'abc', '6h-', '1d1d', '30m2h', '1h1h30m'])('when given %j, then returns null', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});
