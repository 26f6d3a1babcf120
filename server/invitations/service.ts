import type { Deps } from '../deps.ts';
import type { Platform } from '../common/schemas.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { createDriverStore, type DriverRow } from '../drivers/store.ts';
import { toInvitation, type Invitation, type InvitationRow } from './store.ts';
import type { TransitionRecording } from '../coverage/service.ts';
import type { PlatformInvitation } from '../platforms/types.ts';
import { createInvitationWriter, NO_INVITATION, sameAsStored, sameRow } from './apply.ts';
import { syncEach, syncWorldByWorld, worldsIn } from '../sync/sync-each.ts';
import type { WorldFailure, WorldReading } from '../sync/runner.ts';

type InvitationDeps = Pick<Deps, 'db' | 'clocks' | 'platformA'>;

/** platform_b has no invitations in v1 (spec §1): every write there is refused before any platform call. */
function assertEnabled(platform: Platform): void {
  if (platform === 'platform_b') {
    throw new AppError('PLATFORM_NOT_ENABLED', 'Las invitaciones de conductores no están disponibles en platform_b (v1).');
  }
}

/**
 * Driver invitations (spec §3): the platform is asked first and the local row is written only with
 * its answer, so an outage (503) leaves every stored state as it was. `coverage` counts the
 * transitions (server/services.ts builds it once).
 */
export function createInvitationService(deps: InvitationDeps, { coverage }: { coverage: TransitionRecording }) {
  const drivers = createDriverStore(deps.db);
  const writer = createInvitationWriter(deps.db, coverage);
  // A driver's invitations happen in its tenant's world, on that tenant's clock.
  const now = (driverId: string) => deps.clocks.forTenant(drivers.getById(driverId)?.tenant_id ?? '').now().toISOString();

  function requireDriver(tenantId: string, driverId: string): DriverRow {
    const row = drivers.get(tenantId, driverId);
    if (!row) throw notFound('El conductor');
    return row;
  }

  function stored(driverId: string, platform: Platform): InvitationRow {
    const row = writer.invitations.get(driverId, platform);
    if (!row) throw new Error(`driver ${driverId} has no ${platform} invitation row`);
    return row;
  }

  /**
   * 201 when the invitation was sent now; 200 with the stored one when it already exists (invited,
   * bound or rejected). A rejected invitation is not re-sent: DELETE it first, then POST again.
   */
  async function invite(tenantId: string, driverId: string, platform: Platform): Promise<{ created: boolean; invitation: Invitation }> {
    const driver = requireDriver(tenantId, driverId);
    assertEnabled(platform);
    const current = stored(driverId, platform);
    if (current.status !== 'none') return { created: false, invitation: toInvitation(current) };
    const { invitation: live } = await deps.platformA.inviteDriver({
      externalId: driver.id, fleetId: driver.tenant_id, name: driver.name, whatsapp: driver.whatsapp,
    });
    // A concurrent POST may have stored it while this one waited: only one of them says "sent".
    const latest = stored(driverId, platform);
    return { created: latest.status === 'none', invitation: toInvitation(writer.apply(latest, live, now(driverId))) };
  }

  function list(tenantId: string, driverId: string): Invitation[] {
    requireDriver(tenantId, driverId);
    return (writer.invitations.forDrivers([driverId]).get(driverId) ?? []).map(toInvitation);
  }

  function get(tenantId: string, driverId: string, platform: Platform): Invitation {
    requireDriver(tenantId, driverId);
    return toInvitation(stored(driverId, platform));
  }

  /**
   * Asks platform_a and stores its answer, unless the stored row changed while it answered: a cancel
   * or an invitation landed meanwhile, and this answer may describe the platform before it. The row
   * stored then is the newer truth, and it is what this returns.
   */
  async function syncOne(driverId: string, platform: Platform): Promise<InvitationRow> {
    const current = stored(driverId, platform);
    const live = (await deps.platformA.getInvitation(driverId)) ?? NO_INVITATION;
    const latest = stored(driverId, platform);
    if (!sameRow(latest, current) || sameAsStored(current, live)) return latest;
    return writer.apply(current, live, now(driverId));
  }

  /**
   * Stores what platform_a answered a call made on it (the driver accepting in the app, its reviewers
   * deciding: the simulators' control surface, in a fixture), as a refresh stores what it reads,
   * without asking again for the same record.
   */
  function record(tenantId: string, driverId: string, live: PlatformInvitation): Invitation {
    requireDriver(tenantId, driverId);
    const current = stored(driverId, 'platform_a');
    return toInvitation(sameAsStored(current, live) ? current : writer.apply(current, live, now(driverId)));
  }

  /** Asks platform_a now and persists its answer; `none` has nothing to ask about (409, contract §3). */
  async function refresh(tenantId: string, driverId: string, platform: Platform): Promise<Invitation> {
    requireDriver(tenantId, driverId);
    assertEnabled(platform);
    const current = stored(driverId, platform);
    if (current.status === 'none') throw conflict('El conductor no tiene invitación en platform_a: invítalo primero.');
    return toInvitation(await syncOne(driverId, platform));
  }

  /**
   * Cancels the invitation or unbinds the driver on platform_a, whatever the stored state says (a
   * POST that timed out may have reached the platform), and stores `none`.
   */
  async function cancel(tenantId: string, driverId: string, platform: Platform): Promise<Invitation> {
    requireDriver(tenantId, driverId);
    assertEnabled(platform);
    const live = (await deps.platformA.cancelInvitation(driverId)) ?? NO_INVITATION;
    return toInvitation(writer.apply(stored(driverId, platform), live, now(driverId)));
  }

  /**
   * Background sync: every invitation platform_a can still move, across tenants, or one tenant's;
   * across tenants world by world when the sync runner takes each world's read in turn (`reading`).
   */
  async function syncOpen(tenantId?: string, reading?: WorldReading): Promise<WorldFailure[]> {
    const moving = writer.invitations.stillMoving(tenantId);
    const worldOf = (row: { driver_id: string }) => drivers.getById(row.driver_id)?.tenant_id;
    if (tenantId === undefined && reading) return syncWorldByWorld(worldsIn(moving, worldOf), (world) => syncOpen(world), reading);
    return syncEach(moving, worldOf, (row) => syncOne(row.driver_id, row.platform));
  }

  return { requireDriver, invite, list, get, refresh, record, cancel, syncOpen };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
