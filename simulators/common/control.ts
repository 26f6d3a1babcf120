import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { z } from 'zod';
import type { SimDb } from '../db.ts';
import { writeClockState } from './clock-store.ts';
import type { DueRunner } from './due.ts';
import type { FleetClocks } from './fleet-clocks.ts';
import { DEFAULT_SLOW_MS, type Faults } from './faults.ts';
import { createFleetSeq } from './fleet-changes.ts';
import { SimError, toSimError } from './sim-error.ts';

// Never below 0: due work is looked for up to the furthest fleet's now (fleet-clocks.ts).
const FleetOffset = z.number().int().min(0);
const ClockBody = z.object({
  frozenAtMs: z.number().int().nullable(),
  offsetMs: z.number().int(),
  /** Every fleet's offset, when given: the API's whole list (at its start); fleets not named go back to 0. */
  fleets: z.record(z.string().min(1), FleetOffset).optional(),
  /**
   * false: answer once the clock is kept and catch up afterwards, yielding between batches (the API's
   * start: a start never waits on, nor fails for, a long catch-up). Requests meanwhile still see
   * everything due first (app.ts).
   */
  settle: z.boolean().optional(),
});
const FleetClockBody = z.object({ offsetMs: FleetOffset });
const FaultBody = z.object({
  platform: z.enum(['platform_a', 'platform_b']),
  mode: z.enum(['none', 'error', 'slow']),
  ms: z.number().int().min(0).max(600_000).optional(),
});

export const isLoopback = (address: string | undefined) => !!address && /^(::ffff:)?127\.|^::1$/.test(address);

/**
 * The control surface drives the simulated world; no partner may reach it. It listens on loopback
 * anyway, but a proxy could forward to it, so it also checks the peer address, and it refuses any
 * request with credentials so that a partner API key never lands here by mistake.
 */
const localOnly: RequestHandler = (req, _res, next) => {
  if (!isLoopback(req.socket.remoteAddress)) throw new SimError(403, 'forbidden', 'Control is local only.');
  if (req.get('authorization') !== undefined) {
    throw new SimError(403, 'forbidden', 'Control takes no credentials; do not send an Authorization header.');
  }
  next();
};

const controlErrors: ErrorRequestHandler = (err, _req, res, _next) => {
  const e = toSimError(err, { invalid: 'invalid_request', tooLarge: 'too_large', internal: 'internal' });
  res.status(e.status).json({ error: { code: e.code, message: e.message, ...e.details } });
};

export interface ControlDeps {
  db: SimDb;
  clocks: FleetClocks;
  faults: Faults;
  runDue: DueRunner;
  platformControls: Router[];
}

/** `/_control`: clocks, faults and health here; each platform adds its own routes. */
export function createControlRouter({ db, clocks, faults, runDue, platformControls }: ControlDeps): Router {
  const router = Router();
  router.use(localOnly, express.json());
  const clock = clocks.service;
  const fleetSeq = createFleetSeq(db);
  const clockJson = () => ({ now: clock.nowIso(), ...clock.getState(), fleets: clocks.offsets() });
  const fleetClockJson = (fleetId: string) => {
    const nowMs = clocks.nowFor(fleetId);
    return { fleetId, offsetMs: nowMs - clock.nowMs(), now: new Date(nowMs).toISOString() };
  };
  const setClock = db.transaction((state: z.infer<typeof ClockBody>) => {
    const { fleets, settle: _settle, ...service } = state;
    writeClockState(db, service);
    if (fleets) clocks.replaceAll(fleets);
    clock.setState(service);
  });

  // The pid lets a test or an operator find this process (to stop it, say) without guessing among serve's children.
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok', now: clock.nowIso(), platforms: ['platform_a', 'platform_b'], pid: process.pid });
  });

  router.get('/clock', (_req, res) => res.json(clockJson()));

  // The API owns simulated time and pushes it here; whatever fell due by then happens before we answer.
  router.post('/clock', async (req, res) => {
    const body = ClockBody.parse(req.body);
    setClock(body);
    if (body.settle === false) setImmediate(() => void runDue.settle(clock.nowMs()).catch(() => undefined));
    else await runDue.settle(clock.nowMs());
    res.json(clockJson());
  });

  // One fleet's world moves alone (`clock advance --tenant`): what fell due in it happens before we answer.
  router.get('/fleets/:id/clock', (req, res) => res.json(fleetClockJson(req.params.id)));
  router.post('/fleets/:id/clock', async (req, res) => {
    clocks.setOffset(req.params.id, FleetClockBody.parse(req.body).offsetMs);
    await runDue.settle(clock.nowMs());
    res.json(fleetClockJson(req.params.id));
  });

  // A fixture's world is built with its due work held, and run once per phase (server/fixtures/).
  router.post('/fleets/:id/due-hold', (req, res) => {
    runDue.hold(req.params.id);
    res.json({ fleetId: req.params.id, held: true, seq: fleetSeq(req.params.id) });
  });
  // The fleet's last change number when held, and after the release with whether the due work it ran
  // wrote any of the fleet's records: if none did, and nothing wrote between two phases, every record
  // the fleet has was written by the builder's own calls, whose answers it stored (the API then need
  // not read the fleet again: server/sync/runner.ts).
  router.delete('/fleets/:id/due-hold', (req, res) => {
    const before = fleetSeq(req.params.id);
    runDue.release(req.params.id);
    runDue(clock.nowMs());
    const seq = fleetSeq(req.params.id);
    res.json({ fleetId: req.params.id, held: false, seq, changedByDue: seq !== before });
  });

  router.get('/faults', (_req, res) => {
    res.json({ platform_a: faults.get('platform_a'), platform_b: faults.get('platform_b') });
  });

  router.post('/faults', (req, res) => {
    const body = FaultBody.parse(req.body);
    const ms = body.mode === 'slow' ? (body.ms ?? DEFAULT_SLOW_MS) : 0;
    faults.set(body.platform, { mode: body.mode, ms });
    res.json({ platform: body.platform, mode: body.mode, ms });
  });

  for (const platformControl of platformControls) router.use(platformControl);
  router.use(() => {
    throw new SimError(404, 'not_found', 'No such control endpoint.');
  });
  router.use(controlErrors);
  return router;
}
