import { describe, expect, it } from 'vitest';
import type { Scope } from '../../server/auth/scopes.ts';
import { UUID_V4 } from '../support/app.ts';
import { CARD, documentFixtures } from '../support/documents-fixtures.ts';
import { TINY_JPEG } from '../support/images.ts';
import { useWorld } from '../support/world.ts';

describe('vehicle documents', () => {
  // A short client timeout: the 'slow' fault waits it out once or twice a case. Not shorter: the retry
  // once the platform is back must fit in it on a CI machine busy with the suite (500 ms did not).
  const w = useWorld({ clientTimeoutMs: 1_500 });
  const { vehicle, url, upload, history, snapshot } = documentFixtures(w);

  it.each([
    ['not registered anywhere', null],
    ['registered on platform_b only', 'platform_b'],
  ] as const)('when the vehicle is %s, then 409 CONFLICT and nothing is stored', async (_case, register) => {
    const { auth, id } = await vehicle({ register });
    const before = snapshot(id);

    const res = await upload(auth, id);

    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(snapshot(id)).toEqual(before);
  });

  it.each([
    ["another tenant's vehicle", 'other'],
    ['an unknown vehicle', 'unknown'],
    ['a non-UUID id', 'bad'],
  ])('when the path names %s, then upload and history answer 404 (before any body check)', async (_case, kind) => {
    const owner = await vehicle();
    const caller = w.newTenant('Flota Ajena');
    const id = { other: owner.id, unknown: '0b6b2f3e-93f5-4c36-9d8c-3f1d9b1c2a77', bad: 'not-a-uuid' }[kind]!;

    const uploaded = await upload(caller.auth, id);
    const withoutFile = await w.request.post(url(id)).set(caller.auth).field('type', CARD);
    const notMultipart = await w.request.post(url(id)).set(caller.auth).send({ type: CARD });
    const listed = await history(caller.auth, id);

    expect([uploaded.status, withoutFile.status, notMultipart.status, listed.status]).toEqual([404, 404, 404, 404]);
    expect((await history(owner.auth, owner.id)).body.data).toEqual([]);
  });

  it.each<[string, Scope[], number, number]>([
    ['vehicles:read and vehicles:write only', ['vehicles:read', 'vehicles:write'], 403, 200],
    ['documents:write only', ['documents:write'], 201, 403],
  ])('when the key holds %s, then upload answers %i and history %i', async (_case, scopes, uploadStatus, historyStatus) => {
    const { tenant, id } = await vehicle();
    const key = { Authorization: `Bearer ${w.tenants.createKey(tenant.id, scopes).key}` };

    const uploaded = await upload(key, id);
    const listed = await history(key, id);

    expect([uploaded.status, listed.status]).toEqual([uploadStatus, historyStatus]);
    if (uploadStatus === 403) expect(uploaded.body.error.code).toBe('INSUFFICIENT_SCOPE');
    if (historyStatus === 403) expect(listed.body.error.code).toBe('INSUFFICIENT_SCOPE');
  });

  it('when platform_a refuses the card (4xx), then 422 PLATFORM_REJECTED and the card is kept as a failed document', async () => {
    const { auth, id } = await vehicle();
    const registrationBefore = snapshot(id).registrations;
    w.net.platformError('platform_a', 422);

    const res = await upload(auth, id, TINY_JPEG);

    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('PLATFORM_REJECTED');
    expect((await history(auth, id)).body.data).toEqual([
      { id: expect.stringMatching(UUID_V4), vehicleId: id, type: CARD, status: 'failed', contentType: 'image/jpeg',
        sizeBytes: TINY_JPEG.length, submittedAt: w.clock.now().toISOString() },
    ]);
    expect(snapshot(id).registrations).toEqual(registrationBefore);
  });

  it.each(['down', '500', 'slow'] as const)('when platform_a is %s, then 503 PLATFORM_UNAVAILABLE with Retry-After, nothing stored, and the retry works', async (fault) => {
    // Arrange
    const { auth, id } = await vehicle();
    const before = snapshot(id);
    if (fault === 'down') w.net.platformDown('platform_a');
    if (fault === '500') w.net.platformError('platform_a', 500);
    if (fault === 'slow') w.net.platformSlow('platform_a', 3_000);

    // Act
    const res = await upload(auth, id);
    const during = { ...snapshot(id), cardsAtPlatform: before.cardsAtPlatform };
    w.net.server.resetHandlers();
    const retried = await upload(auth, id);

    // Assert
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('PLATFORM_UNAVAILABLE');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // A platform down for real is not a fault someone set: the answer does not say it was.
    expect(res.headers['x-testbed-platform-fault']).toBeUndefined();
    expect(during).toEqual(before);
    expect(retried.status).toBe(201);
    expect((await history(auth, id)).body.data).toHaveLength(1);
  });
});
