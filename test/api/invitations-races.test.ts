import { describe, expect, it } from 'vitest';
import { fleetFixtures, PAST_DRIVER_REVIEW } from '../support/fleet-fixtures.ts';
import { useWorld } from '../support/world.ts';

/**
 * An answer of platform_a describes the platform when it was read. A cancel that lands while a
 * read is on its way is newer: the read must not be stored over it ("what the API says about the
 * platforms must be what they hold").
 */
describe('invitation reads racing a cancel', () => {
  const w = useWorld();
  const f = fleetFixtures(w);

  /** A driver bound on platform_a, as stored by a refresh. */
  async function boundDriver() {
    const { auth } = w.newTenant();
    const id = await f.driver(auth);
    await f.invite(auth, id).expect(201);
    await w.net.control.acceptInvitation(id);
    await f.refresh(auth, id).expect(200);
    return { auth, id };
  }

  /** The background sync, with platform_a's answer read but held until `meanwhile` has run. */
  async function syncHolding<T>(meanwhile: () => Promise<T>): Promise<T> {
    const held = w.net.holdNextAnswer('platform_a');
    const syncing = w.services.invitations.syncOpen();
    await held.reached;
    const result = await meanwhile();
    held.release();
    await syncing;
    return result;
  }

  it('when a cancel lands while the background sync waits for its answer, then the sync does not store the older answer over it', async () => {
    const { auth, id } = await boundDriver();
    // The platform has moved on (the review ended) since the API last looked: the sync has news to store.
    w.clock.advance(PAST_DRIVER_REVIEW);

    const cancelled = await syncHolding(() => w.request.delete(`/v1/drivers/${id}/invitations/platform_a`).set(auth));

    expect(cancelled.status).toBe(200);
    expect(await f.invitation(auth, id)).toMatchObject({ status: 'none', reviewStatus: null });
    expect((await w.net.platformA.getInvitation(id))?.status ?? 'none').toBe('none');
  });

  it('when a cancel lands while a refresh waits for its answer, then the refresh answers the newer stored state and keeps it', async () => {
    const { auth, id } = await boundDriver();
    const held = w.net.holdNextAnswer('platform_a');
    const refreshing = f.refresh(auth, id).then((res) => res);
    await held.reached;

    await w.request.delete(`/v1/drivers/${id}/invitations/platform_a`).set(auth).expect(200);
    held.release();
    const refreshed = await refreshing;

    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ status: 'none' });
    expect(await f.invitation(auth, id)).toMatchObject({ status: 'none' });
  });

  it('when nothing else writes while the sync waits, then its answer is stored', async () => {
    const { auth, id } = await boundDriver();
    w.clock.advance(PAST_DRIVER_REVIEW);

    await syncHolding(async () => undefined);

    expect(await f.invitation(auth, id)).toMatchObject({ status: 'bound', reviewStatus: 'approved' });
  });
});
