import express from 'express';
import supertest from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { SimClock } from '../../../server/lib/clock.ts';
import { AppError } from '../../../server/errors.ts';
import { usePlatformNetwork } from '../../support/platform-network.ts';
import { START } from './fixtures.ts';

// Short, since the slow faults below wait it out, but not so short that one in-process call on a loaded
// machine outlasts it (at 200 ms, a CI run beside other work failed the loopback test at the end).
const TIMEOUT_MS = 600;
const SLOW_MS = 3_000;
const net = usePlatformNetwork({ clock: SimClock.frozenAt(START), clientTimeoutMs: TIMEOUT_MS });
const { platformA, platformB, control } = net;

const vehicleB = () => ({
  externalId: 'veh-net', fleetId: 'fleet-1', plate: 'NET1234', vin: '3N1CN7AD5KL000009',
  brand: 'Nissan', model: 'Versa', year: 2021, color: 'Blanco',
});

async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('faults on the network', () => {
  const calls = {
    platform_a: () => platformA.getVehicle('veh-any'),
    platform_b: () => platformB.registerVehicle(vehicleB()),
    control: () => control.health(),
  } as const;
  const hosts = Object.keys(calls) as (keyof typeof calls)[];

  it.each(hosts.flatMap((host) => [
    [host, 'is down', () => net.platformDown(host)],
    [host, 'answers 500', () => net.platformError(host)],
    [host, 'answers 503', () => net.platformError(host, 503)],
    [host, 'is slower than the client timeout', () => net.platformSlow(host, SLOW_MS)],
  ] as const))('when %s %s, then the call fails PLATFORM_UNAVAILABLE (503, Retry-After)', async (host, _how, inject) => {
    inject();
    const started = performance.now();
    const error = await appError(calls[host]());
    expect([error.code, error.status]).toEqual(['PLATFORM_UNAVAILABLE', 503]);
    expect(error.headers['Retry-After']).toMatch(/^\d+$/);
    // Failed at the client's timeout, not once the slow answer came.
    expect(performance.now() - started).toBeLessThan(SLOW_MS - 600);
  });

  it('when the fault is over (next test), then the same call succeeds again', async () => {
    expect(await platformA.getVehicle('veh-any')).toBeNull();
  });

  it('when a 4xx answer has no meaning for the client, then it is PLATFORM_REJECTED with the status in details', async () => {
    net.platformError('platform_a', 418);
    const error = await appError(platformA.registerVehicle({ ...vehicleB(), vin: null, city: 'Puebla' }));
    expect(error.code).toBe('PLATFORM_REJECTED');
    expect(error.details).toMatchObject({ platform: 'platform_a', status: 418 });
  });
});

describe('the msw harness', () => {
  it('when a request leaves for a host that is not simulated, then msw stops it', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(fetch('http://partner.example/v1/anything')).rejects.toThrow();
    expect(String(printed.mock.calls[0]?.[0])).toContain('without a matching request handler');
    printed.mockRestore();
  });

  it('when an app under test is reached on loopback (supertest), then msw lets it through', async () => {
    const app = express().get('/ping', async (_req, res) => {
      res.json({ simulators: (await control.health()).status });
    });
    expect((await supertest(app).get('/ping')).body).toEqual({ simulators: 'ok' });
  });
});
