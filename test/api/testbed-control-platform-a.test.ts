import { describe, expect, it } from 'vitest';
import { reviewFixtures } from '../support/registration-fixtures.ts';
import { useWorld } from '../support/world.ts';

describe('/_testbed control surface', () => {
  const w = useWorld();
  const { registeredVehicle, underReview } = reviewFixtures(w);
  let seq = 0;

  describe('platform_a review', () => {
    it.each([
      [{ verdict: 'approved' }, 'approved', 'approved'],
      [{ verdict: 'rejected', card: 'rejected' }, 'rejected', 'rejected'],
      // A rejected card rejects the registration whatever the vehicle's verdict: the answer says so.
      [{ verdict: 'approved', card: 'rejected' }, 'rejected', 'rejected'],
    ])('when a running review is decided with %j, then 200, and the API sees %s only through refresh', async (decision, status, card) => {
      const { auth, id } = await underReview();

      const res = await w.request.post(`/_testbed/platform-a/vehicles/${id}/review`).send(decision);
      const stored = await w.request.get(`/v1/vehicles/${id}/registrations/platform_a`).set(auth);
      const refreshed = await w.request.post(`/v1/vehicles/${id}/registrations/platform_a/refresh`).set(auth);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ vehicleId: id, verdict: decision.verdict, card, status });
      expect(stored.body.status).toBe('pending');
      expect(refreshed.body).toMatchObject({ status, docReviewStatus: card });
    });

    it('when the vehicle has no running review (card not uploaded), then 409 CONFLICT', async () => {
      const { id } = await registeredVehicle();

      const res = await w.request.post(`/_testbed/platform-a/vehicles/${id}/review`).send({ verdict: 'approved' });

      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('CONFLICT');
      // The platform's code, not its English words (spec §1: messages in Spanish).
      expect(res.body.error).toMatchObject({ message: 'El vehículo no tiene una revisión pendiente en platform_a: la revisión empieza al subir su tarjeta de circulación (POST /v1/vehicles/{id}/documents) y termina con la decisión.', details: { code: 'no_pending_review' } });
      expect(JSON.stringify(res.body)).not.toMatch(/review in progress/);
    });

    it.each([
      ['an unknown vehicle', 404, 'e3c1e5a2-4f0b-4c1e-9a57-0d2f4b7f9a10', { verdict: 'approved' }],
      ['a bad verdict', 400, null, { verdict: 'maybe' }],
      ['a bad card verdict', 400, null, { verdict: 'approved', card: 'blurry' }],
      ['no verdict', 400, null, {}],
    ])('when the review names %s, then %i', async (_case, status, unknownId, decision) => {
      const id = unknownId ?? (await underReview()).id;

      const res = await w.request.post(`/_testbed/platform-a/vehicles/${id}/review`).send(decision);

      expect(res.status).toBe(status);
    });
  });

  describe('platform_a invitation answers', () => {
    async function invitedDriver() {
      const externalId = `drv-${++seq}`;
      await w.net.platformA.inviteDriver({ externalId, fleetId: 'fleet-1', name: 'Ana Ruiz', whatsapp: `55123${String(seq).padStart(5, '0')}` });
      return externalId;
    }

    it.each([
      ['accept', 'bound'],
      ['decline', 'rejected'],
    ])('when an invited driver is made to %s, then 200 with status %s, and a second answer is 409', async (answer, status) => {
      const driverId = await invitedDriver();

      const res = await w.request.post(`/_testbed/platform-a/drivers/${driverId}/${answer}`);
      const again = await w.request.post(`/_testbed/platform-a/drivers/${driverId}/${answer}`);

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ driverId, status });
      expect(again.status).toBe(409);
      expect(again.body.error).toEqual({ code: 'CONFLICT', message: 'La invitación ya no está pendiente de respuesta.', details: { code: 'invitation_not_open' }, requestId: expect.any(String) });
    });

    it('when the driver was never invited, then 404 naming the id (a cut or mistyped one reads the same)', async () => {
      const res = await w.request.post('/_testbed/platform-a/drivers/nobody/accept');

      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('El conductor nobody no fue invitado en platform_a (o no es el id de un conductor).');
    });
  });
});
