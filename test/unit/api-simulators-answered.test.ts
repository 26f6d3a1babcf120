import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { startApiServer } from '../../server/main.ts';
import { startInProcessSimulators } from '../../cli/scenario/simulators.ts';

const silent = { info() {}, warn() {}, error() {} };

/** What serve's probe of the companion reads besides its own answers (cli/lib/companion.ts). */
describe('the API noting when the companion last answered it', () => {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });

  it('when the API calls the simulators, then simulatorsAnsweredAt moves to the time of the last answer', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-answered-'));
    stops.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const config = readConfig({ FLEET_DATA_DIR: dataDir, PORT: '0', FLEET_CLOCK_START: '2026-05-04T12:00:00.000Z' });
    const simulators = await startInProcessSimulators(dataDir, config.seed, '2026-05-04T12:00:00.000Z');
    stops.push(() => simulators.stop());
    const before = Date.now();
    const api = await startApiServer(config, { simulatorsUrl: simulators.baseUrl, logger: silent, syncEveryMs: 3_600_000, announceKeys: false });
    stops.push(() => api.stop());
    // Its start set the simulators' clock: one answer already.
    const atStart = api.simulatorsAnsweredAt();

    await new Promise((r) => setTimeout(r, 20));
    const res = await fetch(`http://127.0.0.1:${api.port}/_testbed/platforms/platform_b`);

    expect(atStart).toBeGreaterThanOrEqual(before);
    expect(res.status).toBe(200);
    expect(api.simulatorsAnsweredAt()).toBeGreaterThan(atStart);
  });
});
