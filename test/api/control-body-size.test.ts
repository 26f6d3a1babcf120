import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../support/error-envelope.ts';
import { useWorldOnDataDir } from '../support/world.ts';

const TOO_LARGE = 'El cuerpo de la solicitud supera el máximo de 1 MB.';

/** The control API's body limit: the partner API's 1 MB, answered as its document declares (413 on every operation). */
describe('control bodies over 1 MB', () => {
  const w = useWorldOnDataDir();
  const tenants = () => w.deps.db.prepare('SELECT count(*) FROM tenants').pluck().get() as number;

  it('when POST /_testbed/tenants sends a JSON body over 1 MB, then 413 FILE_TOO_LARGE and no tenant is made', async () => {
    const before = tenants();

    const res = await w.request.post('/_testbed/tenants').send({ name: 'Flota Grande', padding: 'x'.repeat(1024 * 1024) });

    expectEnvelope(res, 413, 'FILE_TOO_LARGE');
    expect(res.body.error.message).toBe(TOO_LARGE);
    expect(tenants()).toBe(before);
  });

  it('when the JSON body is just under 1 MB, then it is read and validated (the unknown field), not refused as too large', async () => {
    const res = await w.request.post('/_testbed/tenants').send({ name: 'Flota Grande', padding: 'x'.repeat(1_000_000) });

    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ message: expect.stringContaining('campo desconocido: padding') })]);
  });

  it('when an operation without a body is sent a text body over 1 MB, then 413 FILE_TOO_LARGE and the clock stays put', async () => {
    const now = (await w.request.get('/_testbed/clock').expect(200)).body;

    const res = await w.request.post('/_testbed/reset').set('Content-Type', 'text/plain').send('x'.repeat(1024 * 1024 + 1));

    expectEnvelope(res, 413, 'FILE_TOO_LARGE');
    expect(res.body.error.message).toBe(TOO_LARGE);
    expect((await w.request.get('/_testbed/clock').expect(200)).body).toEqual(now);
  });
});
