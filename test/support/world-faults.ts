import { makeTestApp } from './app.ts';
import { validBody, type Body } from './vehicles.ts';

/**
 * An app whose delays are recorded instead of slept (`waits`), one world «Flota Uno» and a second
 * one, helpers to set the first world's rules and to create its vehicles.
 */
export function faultsApp(overrides: Parameters<typeof makeTestApp>[0] = {}) {
  const waits: number[] = [];
  const t = makeTestApp({ realWait: async (ms) => void waits.push(ms), ...overrides });
  const one = t.newTenant('Flota Uno');
  const two = t.newTenant('Flota Dos');
  let plates = 0;
  const addRule = (rule: Body, tenantId = one.tenant.id) => t.request.post(`/_testbed/tenants/${tenantId}/faults`).send(rule);
  const listRules = (tenantId = one.tenant.id) => t.request.get(`/_testbed/tenants/${tenantId}/faults`);
  const createVehicle = (auth = one.auth) =>
    t.request.post('/v1/vehicles').set(auth).send(validBody({ plate: `FLT-${String(++plates).padStart(3, '0')}` }));
  const vehicleCount = (tenantId = one.tenant.id) =>
    (t.deps.db.prepare('SELECT COUNT(*) AS n FROM vehicles WHERE tenant_id = ?').get(tenantId) as { n: number }).n;
  return { ...t, waits, one, two, addRule, listRules, createVehicle, vehicleCount };
}
