import { Router } from 'express';
import { z } from 'zod';
import { copyDatabaseTo, copyFits, replaceContents } from '../../server/db/replace-contents.ts';
import type { SimClock } from '../../server/lib/clock.ts';
import { openSimulatorsDb, type SimDb } from '../db.ts';
import { readClockState, writeClockState } from './clock-store.ts';
import { SimError } from './sim-error.ts';

const FileBody = z.object({ file: z.string().min(1) });
const BaselineBody = FileBody.extend({ clock: z.object({ frozenAtMs: z.number().int().nullable(), offsetMs: z.number().int() }) });

/**
 * `/_control/state/...`: the API's snapshots, restores and resets reach the platforms' records here.
 * The API pauses its world around these calls, so nothing else asks the platforms anything meanwhile.
 * `onRestored`: what keeps copies of the state being replaced (the fleets' snapshots) lets them go.
 */
export function stateControl({ db, clock, onRestored = [] }: { db: SimDb; clock: SimClock; onRestored?: (() => void)[] }): Router {
  const router = Router();

  router.post('/state/save', (req, res) => {
    const { file } = FileBody.parse(req.body);
    copyDatabaseTo(db, file);
    res.json({ file });
  });

  // Asked before a restore or reset: a version that added a migration here alone must refuse (or rebuild) a copy of the last.
  router.post('/state/fits', (req, res) => {
    res.json({ fits: copyFits(db, FileBody.parse(req.body).file) });
  });

  // Every record, id stream and clock of the platforms as they were; what falls due runs from there.
  // A copy of another schema is refused before anything is let go (the fleets' snapshots included).
  router.post('/state/restore', (req, res) => {
    const { file } = FileBody.parse(req.body);
    if (!copyFits(db, file)) throw new SimError(409, 'conflict', 'the copy was made by another version of the schema');
    for (const forget of onRestored) forget();
    replaceContents(db, file);
    const saved = readClockState(db);
    if (saved) clock.setState(saved);
    res.json({ now: clock.nowIso() });
  });

  // The platforms of a new data dir: no records, the given clock (what reset brings back).
  router.post('/state/baseline', (req, res) => {
    const body = BaselineBody.parse(req.body);
    const fresh = openSimulatorsDb(body.file);
    try {
      writeClockState(fresh, body.clock);
    } finally {
      fresh.close();
    }
    res.json({ file: body.file });
  });

  return router;
}
