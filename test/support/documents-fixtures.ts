import type { Auth } from './fleet-fixtures.ts';
import { TINY_PNG } from './images.ts';
import type { useWorld } from './world.ts';

export const CARD = 'circulation_card_front';

/**
 * For documents*.test.ts: vehicles of new tenants (registered on platform_a unless told otherwise),
 * card uploads, the history, and a snapshot of every row an upload could write, here and at platform_a.
 */
export function documentFixtures(w: ReturnType<typeof useWorld>) {
  let seq = 0;

  async function vehicle(options: { register?: 'platform_a' | 'platform_b' | null } = {}) {
    const owner = w.newTenant();
    const body = { plate: `DC-${String(++seq).padStart(4, '0')}`, brand: 'Ford', model: 'Figo', year: 2021, color: 'Gris', city: 'León',
      vin: `9BWZZZ377VT${String(seq).padStart(6, '0')}` };
    const { id } = (await w.request.post('/v1/vehicles').set(owner.auth).send(body).expect(201)).body;
    const platform = options.register === undefined ? 'platform_a' : options.register;
    if (platform) await w.request.post(`/v1/vehicles/${id}/registrations`).set(owner.auth).send({ platform }).expect(201);
    return { ...owner, id: id as string };
  }
  const url = (id: string) => `/v1/vehicles/${id}/documents`;
  const upload = (auth: Auth, id: string, file: Buffer = TINY_PNG, name = 'card.png', contentType?: string) =>
    w.request.post(url(id)).set(auth).field('type', CARD).attach('file', file, contentType ? { filename: name, contentType } : name);
  const history = (auth: Auth, id: string) => w.request.get(url(id)).set(auth);
  const snapshot = (id: string) => ({
    documents: w.deps.db.prepare('SELECT * FROM documents WHERE vehicle_id = ? ORDER BY id').all(id),
    registrations: w.deps.db.prepare('SELECT * FROM vehicle_registrations WHERE vehicle_id = ? ORDER BY platform').all(id),
    vehicle: w.deps.db.prepare('SELECT * FROM vehicles WHERE id = ?').get(id),
    cardsAtPlatform: (w.net.simulators.db.prepare('SELECT COUNT(*) AS n FROM pa_documents').get() as { n: number }).n,
  });

  return { vehicle, url, upload, history, snapshot };
}
