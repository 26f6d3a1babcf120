import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { PLATFORMS, type Platform } from '../common/schemas.ts';
import { notFound } from '../http/errors.ts';
import { parseJsonBody } from '../http/parse.ts';
import { createTenantStore } from '../tenants/store.ts';
import type { RideIngestion } from './ingest.ts';
import { addCounts, emptyCounts, type PlatformGenerated } from './generated-counts.ts';
import { addDays, daysBetween, isCalendarDate, minDate } from './mexico-city.ts';

/** The simulators' limit per call; the CLI cuts longer windows into calls (and shows progress). */
export const MAX_GENERATE_DAYS = 366;

const Day = (field: string) => z.string({ error: `${field} debe ser una fecha YYYY-MM-DD` }).refine(isCalendarDate, `${field} debe ser una fecha válida YYYY-MM-DD`);
const GenerateBody = z
  .object({ tenantId: z.uuid('tenantId debe ser un UUID').transform((s) => s.toLowerCase()), from: Day('from'), to: Day('to') })
  .refine((b) => b.from <= b.to, { path: ['from'], message: 'from no puede ser posterior a to' })
  .refine((b) => daysBetween(b.from, b.to) < MAX_GENERATE_DAYS, { path: ['to'], message: `como máximo ${MAX_GENERATE_DAYS} días por llamada` });

/** Days per call to the simulators: a year of a big fleet at once would outlast the platform-call timeout. */
const CHUNK_DAYS = 14;

/**
 * Chunk by chunk: the platforms produce a chunk's days, then the API reads and writes them while the
 * platforms produce the next chunk (two processes, two cores). The next chunk is asked for once the
 * first page of this one is on its way: asked before, its production would hold up this chunk's first
 * reads (a platform answers one request at a time), and the API would sit idle. The days just read
 * are still among the plans the platforms keep (simulators/rides/day.ts), so they are not planned twice.
 */
async function generateAndIngest(deps: Deps, ingestion: RideIngestion, fleetId: string, from: string, to: string) {
  const totals: Record<Platform, PlatformGenerated> = { platform_a: emptyCounts(), platform_b: emptyCounts() };
  const endOf = (start: string) => minDate(addDays(start, CHUNK_DAYS - 1), to);
  const generate = (start: string) => deps.simulators.generateRides({ fleetId, from: start, to: endOf(start) });
  let next = generate(from);
  for (let start = from; start <= to; start = addDays(start, CHUNK_DAYS)) {
    const end = endOf(start);
    const { platforms } = await next;
    const following = addDays(start, CHUNK_DAYS);
    let asked = following > to;
    const generateFollowing = () => {
      if (asked) return;
      asked = true;
      // If this chunk's writing fails, the request already under way must not end as an unhandled rejection.
      (next = generate(following)).catch(() => undefined);
    };
    for (const p of PLATFORMS) {
      const last = p === PLATFORMS[PLATFORMS.length - 1];
      const ingested = await ingestion.ingestWindow(fleetId, p, start, end, last ? generateFollowing : undefined);
      totals[p] = addCounts(totals[p], { vehicles: platforms[p].vehicles, generatedRides: platforms[p].rides, ...ingested });
    }
    generateFollowing(); // does nothing when the window's reads already asked for it
  }
  return totals;
}

/**
 * `POST /_testbed/rides/generate {tenantId, from, to}`: the platforms produce the rides and daily
 * earnings of those days (inclusive, up to today) for the tenant's vehicles, then the API ingests
 * the window. Days already generated stay as they are, so repeating a call changes nothing.
 */
export function ridesTestbedRouter(deps: Deps, ingestion: RideIngestion): Router {
  const router = Router();
  const tenants = createTenantStore(deps.db);

  router.post('/rides/generate', async (req, res) => {
    const { tenantId, from, to } = parseJsonBody(GenerateBody, req);
    if (!tenants.getTenant(tenantId)) throw notFound('El tenant');
    const platforms = await generateAndIngest(deps, ingestion, tenantId, from, to);
    res.json({ tenantId, from, to, platforms });
  });

  return router;
}
