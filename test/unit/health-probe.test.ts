import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROBE, notHung, probeTimings, silenceClock, watchHealth } from '../../cli/lib/health-probe.ts';
import { CliError } from '../../cli/output.ts';

describe('the companion health probe', () => {
  let server: Server | undefined;
  let stop = () => {};
  afterEach(async () => {
    stop();
    server?.closeAllConnections();
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
  });

  /** A peer that answers 200 while `answering`, and otherwise holds every request without a word. */
  async function peer() {
    const state = { answering: true, probes: 0 };
    server = createServer((_req, res) => {
      state.probes++;
      if (state.answering) res.end('{"status":"ok"}');
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    return { state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/_control/health` };
  }

  it('when the peer stops answering, then onHung is called once the silence passes hungAfterMs', async () => {
    const { state, url } = await peer();
    state.answering = false;

    const silent = await new Promise<number>((resolve) => {
      stop = watchHealth(url, { everyMs: 10, timeoutMs: 30, hungAfterMs: 100 }, resolve);
    });

    expect(silent).toBeGreaterThanOrEqual(100);
  });

  it('when the peer answers every probe, then it is never taken for hung', async () => {
    const { state, url } = await peer();
    let hung = false;
    stop = watchHealth(url, { everyMs: 10, timeoutMs: 5_000, hungAfterMs: 5_000 }, () => (hung = true));

    while (state.probes < 5) await new Promise((r) => setTimeout(r, 10));

    expect(hung).toBe(false);
  });

  it('when this process cannot watch for longer than hungAfterMs (its event loop held), then a peer that answers before and after is not taken for hung', async () => {
    const { state, url } = await peer();
    let hung = false;
    stop = watchHealth(url, { everyMs: 10, timeoutMs: 30, hungAfterMs: 100 }, () => (hung = true));
    while (state.probes < 3) await new Promise((r) => setTimeout(r, 5));

    // A synchronous stall of this process, as a long write holds serve's event loop.
    const until = Date.now() + 250;
    while (Date.now() < until);
    const probes = state.probes;
    while (state.probes < probes + 3 && !hung) await new Promise((r) => setTimeout(r, 5));

    expect(hung).toBe(false);
  });

  it('when the peer is silent and this process stalls now and then, then onHung is still called', async () => {
    const { state, url } = await peer();
    state.answering = false;

    const silent = await new Promise<number>((resolve) => {
      stop = watchHealth(url, { everyMs: 10, timeoutMs: 30, hungAfterMs: 100 }, resolve);
      const stall = () => {
        const until = Date.now() + 60;
        while (Date.now() < until);
      };
      setTimeout(stall, 20);
      setTimeout(stall, 150);
    });

    expect(silent).toBeGreaterThanOrEqual(100);
  });

  it('when the peer is silent while it says it is busy on purpose, then it is not taken for hung; once it is no longer busy, then it is', async () => {
    const { state, url } = await peer();
    state.answering = false;
    let busy = true;
    let probesWhenHung: number | null = null;
    stop = watchHealth(url, { everyMs: 10, timeoutMs: 30, hungAfterMs: 100 }, () => (probesWhenHung = state.probes), () => busy);

    // Ten unanswered probes: 400 ms at least, four times hungAfterMs.
    while (state.probes < 10) await new Promise((r) => setTimeout(r, 10));
    expect(probesWhenHung).toBe(null);
    busy = false;
    while (probesWhenHung === null) await new Promise((r) => setTimeout(r, 10));

    expect(probesWhenHung).toBeGreaterThanOrEqual(10);
  });

  it('when the peer leaves its probes unanswered but answers the API\'s calls, then it is not taken for hung; once those answers stop, then it is', async () => {
    const { state, url } = await peer();
    state.answering = false;
    let answeredAt = Date.now();
    const answering = setInterval(() => (answeredAt = Date.now()), 5);
    let probesWhenHung: number | null = null;
    stop = watchHealth(url, { everyMs: 10, timeoutMs: 30, hungAfterMs: 100 }, () => (probesWhenHung = state.probes), notHung(() => false, () => answeredAt, 10));

    while (state.probes < 10) await new Promise((r) => setTimeout(r, 10));
    expect(probesWhenHung).toBe(null);
    clearInterval(answering);
    while (probesWhenHung === null) await new Promise((r) => setTimeout(r, 10));

    expect(probesWhenHung).toBeGreaterThanOrEqual(10);
  });

  it('when the last answer to the API is at most one probe interval old, or the peer says it is busy, then it is not hung; older, it may be', () => {
    const at = (answeredAt: number, busy = false) => notHung(() => busy, () => answeredAt, 1_000, () => 10_000)();
    expect([at(9_000), at(8_999), at(0), at(0, true)]).toEqual([true, false, false, true]);
  });

  it('when no variable is set, then the defaults apply; when one is set, then it wins', () => {
    expect(probeTimings({})).toEqual(DEFAULT_PROBE);
    expect(probeTimings({ FLEET_SIM_HUNG_AFTER_MS: '8000', FLEET_SIM_PROBE_EVERY_MS: '500', FLEET_SIM_PROBE_TIMEOUT_MS: '' }))
      .toEqual({ everyMs: 500, timeoutMs: DEFAULT_PROBE.timeoutMs, hungAfterMs: 8000 });
  });

  it.each(['0', '-5', '1.5', 'tres'])('when FLEET_SIM_HUNG_AFTER_MS is %j, then a clear error names the variable', (raw) => {
    expect(() => probeTimings({ FLEET_SIM_HUNG_AFTER_MS: raw })).toThrow(CliError);
    expect(() => probeTimings({ FLEET_SIM_HUNG_AFTER_MS: raw })).toThrow(/FLEET_SIM_HUNG_AFTER_MS/);
  });
});

describe('the silence counted against the companion (silenceClock, serve\'s default: a tick a second)', () => {
  const timings = { everyMs: 1_000 };

  it('when ticks come on time and nothing answers, then the silence is the time since the last answer', () => {
    const silence = silenceClock(timings, 0);
    silence.tick(1_000);
    silence.answered(1_500);

    expect([2_000, 3_000, 4_000].map((t) => silence.tick(t))).toEqual([500, 1_500, 2_500]);
  });

  it('when serve stalls between two ticks, 9 s or 1.5 s, then only one interval of it is silence', () => {
    const silence = silenceClock(timings, 0);
    silence.tick(1_000);

    expect(silence.tick(11_000)).toBe(2_000);
    expect(silence.tick(13_500)).toBe(3_000);
  });

  it('when an answer is read just as a stall ends, then the late tick counts no silence, and the silence after it counts from that answer', () => {
    const silence = silenceClock(timings, 0);
    silence.tick(1_000);
    silence.answered(10_000);

    expect(silence.tick(10_010)).toBe(0);
    expect([11_010, 12_010, 13_010, 14_010, 15_010].map((t) => silence.tick(t))).toEqual([1_000, 2_000, 3_000, 4_000, 5_000]);
  });
});

