import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { PLATFORMS, type Platform } from '../common/schemas.ts';
import { validation } from '../errors.ts';
import { createTenantStore } from '../tenants/store.ts';
import type { RideIngestion } from './ingest.ts';
import { addCounts, emptyCounts, type PlatformGenerated } from './generated-counts.ts';
import { addDaysUpTo, addDaysWithin, daysBetween, isCalendarDate, mexicoCityDate, minDate } from '../lib/mexico-city.ts';
import { controlBody } from '../control/schemas.ts';

/** The simulators' limit per call; the CLI cuts longer windows into calls (and shows progress). */
export const MAX_GENERATE_DAYS = 366;

const Day = (field: string) => z.string({ error: `${field} debe ser una fecha YYYY-MM-DD` }).refine(isCalendarDate, `${field} debe ser una fecha válida YYYY-MM-DD`);
// The window's rules read two valid days: with a field already wrong they would only add noise.
const validDays = (b: { from: unknown; to: unknown }) => typeof b.from === 'string' && typeof b.to === 'string' && isCalendarDate(b.from) && isCalendarDate(b.to);
const TenantId = z.uuid({ error: (issue) => (issue.input === undefined ? 'tenantId es obligatorio: el mundo cuyos días se generan' : 'tenantId debe ser un UUID') });
export const GenerateBody = controlBody({ tenantId: TenantId.transform((s) => s.toLowerCase()), from: Day('from'), to: Day('to') })
  .refine((b) => !validDays(b) || b.from <= b.to, { path: ['from'], message: 'from no puede ser posterior a to' })
  .refine((b) => !validDays(b) || daysBetween(b.from, b.to) < MAX_GENERATE_DAYS, {
    path: ['to'],
    message: `como máximo ${MAX_GENERATE_DAYS} días por llamada`,
  });
export type GenerateBody = z.infer<typeof GenerateBody>;

/** Days per call to the simulators: a year of a big fleet at once would outlast the platform-call timeout. */
const CHUNK_DAYS = 14;
/**
 * The first call's days: the API has nothing to read until it is produced, so a shorter one starts
 * the pipeline (and the writer thread) sooner: a fixture's 30 days go as 7, 14 and 9.
 */
const FIRST_CHUNK_DAYS = 7;
/**
 * Vehicle-days one call produces at most: a 50-vehicle fleet's 14 days. The simulators answer one
 * request at a time, and the platform pages the pipeline asks for meanwhile wait behind a call
 * within their timeout (FLEET_PLATFORM_TIMEOUT_MS, 2 s by default): 500 vehicles' 14 days held them
 * for seconds, and a fixture at its limits (500 vehicles, 366 days) failed with 503, or the health
 * probe took the busy simulators for hung. A bigger fleet's calls hold fewer days, down to one.
 */
const VEHICLE_DAYS_PER_CALL = 700;

/** Days per call for a fleet of `vehicles`, at most `most`. */
export const daysPerCall = (vehicles: number, most: number): number =>
  Math.max(1, Math.min(most, Math.floor(VEHICLE_DAYS_PER_CALL / Math.max(1, vehicles))));

/**
 * Chunk by chunk, in a pipeline over two processes (two cores): the platforms produce chunk n+1
 * while the API reads and writes chunk n, and the API starts reading chunk n+1 as soon as it is
 * produced, while it still writes chunk n's last pages, so that neither side waits for the other.
 * Both platforms' windows of a chunk are read side by side: the companion prepares one's page while
 * the API converts the other's (and the writer thread stores a third: writer.ts). Chunk n+1 is
 * asked for once both first pages of chunk n are on their way: asked before, its production would
 * hold them up (a platform answers one request at a time). At most two chunks are read at once.
 * The days just read are still among the plans the platforms keep (simulators/rides/day.ts), so
 * they are not planned twice.
 */
async function generateAndIngest(deps: Deps, ingestion: RideIngestion, fleetId: string, from: string, to: string, vehicles: number) {
  const totals: Record<Platform, PlatformGenerated> = { platform_a: emptyCounts(), platform_b: emptyCounts() };
  const endOf = (start: string) => addDaysUpTo(start, daysPerCall(vehicles, start === from ? FIRST_CHUNK_DAYS : CHUNK_DAYS) - 1, to);
  const generate = (start: string) => deps.simulators.generateRides({ fleetId, from: start, to: endOf(start) });
  type Produced = Awaited<ReturnType<typeof generate>>;

  async function ingestChunk(start: string, produced: Produced, produceNext: () => void): Promise<void> {
    let unasked = PLATFORMS.length;
    const asked = () => void (--unasked === 0 && produceNext());
    const windows = await Promise.allSettled(PLATFORMS.map(async (p) => {
      const ingested = await ingestion.ingestWindow(fleetId, p, start, endOf(start), asked);
      const made = produced.platforms[p];
      totals[p] = addCounts(totals[p], { vehicles: made.vehicles, generatedRides: made.rides, ...ingested });
    }));
    // Settled both: nothing goes on writing once the call has failed.
    const failed = windows.find((w) => w.status === 'rejected');
    if (failed) throw failed.reason;
  }

  let next: Promise<Produced> = generate(from);
  let previous: Promise<void> = Promise.resolve();
  /** The first day of the chunk after `start`'s; null after the last. */
  const nextStart = (start: string) => addDaysWithin(endOf(start), 1, to);
  for (let start: string | null = from; start !== null; start = nextStart(start)) {
    const produced = await next;
    const following = nextStart(start);
    // Asked for by this chunk's reads (or once they are done), awaited by the next turn of the loop.
    let produceNext!: () => void;
    next = new Promise<Produced>((resolve, reject) => {
      let asked = following === null;
      produceNext = () => {
        if (asked) return;
        asked = true;
        generate(following!).then(resolve, reject);
      };
    });
    const current = ingestChunk(start, produced, produceNext).finally(produceNext);
    // Awaited at the next turn, or below; until then a failure must not count as unhandled.
    current.catch(() => undefined);
    next.catch(() => undefined);
    try {
      await previous;
    } catch (err) {
      await current.catch(() => undefined); // nothing goes on writing after the call has failed
      throw err;
    }
    previous = current;
  }
  await previous;
  return totals;
}

/**
 * The days of the window that have happened: a window that starts after today is refused (a 200
 * with 0 rides read as "no rides" when it meant "not yet"); one that straddles today stops at it.
 */
function happenedUpTo(deps: Deps, tenantId: string, from: string, to: string): string {
  // The tenant's own today: its world may be ahead of the service time.
  const today = mexicoCityDate(deps.clocks.forTenant(tenantId).nowMs());
  if (from > today) {
    const message = `Los días desde ${from} aún no han ocurrido: hoy es ${today} (hora de Ciudad de México); avanza el reloj para generarlos.`;
    throw validation(message, [{ field: 'from', message: `posterior a hoy (${today})` }]);
  }
  return minDate(to, today);
}

/**
 * The platforms produce the rides and daily earnings of those days (inclusive, up to today:
 * `generatedTo` says where it stopped) for the tenant's vehicles, then the API ingests the window.
 * Days already generated stay as they are, so repeating a call changes nothing. Shared by the
 * control API and the dashboard.
 */
export function createRideGenerator(deps: Deps, ingestion: RideIngestion) {
  const tenants = createTenantStore(deps.db);
  // Every vehicle of the world, on a platform or not: what a platform may drive at most.
  const vehiclesOf = deps.db.prepare('SELECT COUNT(*) FROM vehicles WHERE tenant_id = ?').pluck();
  return async ({ tenantId, from, to }: GenerateBody) => {
    tenants.requireTenant(tenantId);
    const generatedTo = happenedUpTo(deps, tenantId, from, to);
    const platforms = await generateAndIngest(deps, ingestion, tenantId, from, generatedTo, vehiclesOf.get(tenantId) as number);
    return { tenantId, from, to, generatedTo, platforms };
  };
}

export type RideGenerator = ReturnType<typeof createRideGenerator>;
