import { pathId, worldPathId } from '../common/schemas.ts';
import { defineControlOperation, type ControlCapability } from '../control/define.ts';
import { IdPath } from '../control/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import { CreateTenant, KeyOptions, NamePrefixQuery } from './schema.ts';
import { answer, IdDeleted } from '../control/answers.ts';
import { ApprovedTenant, CreatedKey, CreatedTenant, KeyList, RevokedKey, TenantList, TenantsDeleted } from './answers.ts';

const keyAnswer = (k: { id: string; key: string; prefix: string; scopes: string[]; environment: string }) =>
  ({ id: k.id, key: k.key, prefix: k.prefix, scopes: k.scopes, environment: k.environment });

/**
 * Tenants and keys over HTTP (contract §4), so a test container that does not share the disk makes
 * its own worlds. A tenant is a world: deleting one removes its data here and on the platforms.
 */
export const tenantsControl: ControlCapability = {
  tags: { Mundos: 'Tenants (cada uno un mundo con su reloj y sus datos), sus claves de API y sus lotes.' },
  operations: [
    defineControlOperation({
      method: 'post', path: '/_testbed/tenants', operationId: 'createTenant', tags: ['Mundos'],
      summary: 'Crea un tenant (un mundo) con sus claves',
      description: 'Con `fixture`, el mundo se puebla en la misma llamada (vehículos, conductores, asignaciones, días de viajes) por los mismos servicios que la API.',
      body: CreateTenant,
      responses: {
        201: answer(CreatedTenant, 'El tenant con sus claves (cada secreto solo se muestra aquí); con fixture, también lo que hizo.'),
        503: ['PLATFORM_UNAVAILABLE'],
      },
      handler: async (req, res, { services }) => {
        const body = parseJsonBody(CreateTenant, req);
        const created = services.tenants.createTenantWithKeys(body.name, body.status, body.keys);
        const fixture = body.fixture && { fixture: await services.fixtures.build(created.id, body.fixture, res) };
        res.status(201).json({ id: created.id, name: created.name, status: created.status, keys: created.keys.map(keyAnswer), ...fixture });
      },
    }),
    defineControlOperation({
      method: 'get', path: '/_testbed/tenants', operationId: 'listTenants', tags: ['Mundos'],
      summary: 'Los tenants, cada uno con su hora',
      responses: { 200: answer(TenantList, 'Cada tenant con su hora simulada.') },
      handler: (_req, res, { deps, services }) => {
        const data = services.tenants.store.listTenants().map((t) => ({
          id: t.id, name: t.name, status: t.status, now: deps.clocks.forTenant(t.id).now().toISOString(), createdAt: t.created_at,
        }));
        res.json({ data });
      },
    }),
    defineControlOperation({
      method: 'delete', path: '/_testbed/tenants', operationId: 'deleteTenantsByName', tags: ['Mundos'],
      summary: 'Borra todos los tenants cuyo nombre empieza por un prefijo, con sus datos y los de las plataformas',
      description: 'Para limpiar los mundos de una suite. Un prefijo vacío o ausente es 400: nunca se borran todos. '
        + 'Con una barra final (`/_testbed/tenants/`: el id de DELETE /_testbed/tenants/{id} vacío) es 404.',
      query: NamePrefixQuery,
      responses: { 200: answer(TenantsDeleted, 'Cuántos tenants se borraron y sus ids.'), 404: ['NOT_FOUND'], 503: ['PLATFORM_UNAVAILABLE'] },
      handler: async (req, res, { services }) => {
        const { name } = NamePrefixQuery.parse(req.query);
        const ids = await services.worldDeletion.byNamePrefix(name, res);
        res.json({ deleted: ids.length, ids });
      },
    }),
    defineControlOperation({
      method: 'post', path: '/_testbed/tenants/{id}/approve', operationId: 'approveTenant', tags: ['Mundos'],
      summary: 'Aprueba un tenant pendiente',
      params: IdPath,
      responses: { 200: answer(ApprovedTenant, 'El tenant, ya activo.'), 404: ['NOT_FOUND'] },
      handler: (req, res, { services }) => {
        const tenant = services.tenants.approveTenant(worldPathId(req.params.id));
        res.json({ id: tenant.id, status: tenant.status });
      },
    }),
    defineControlOperation({
      method: 'delete', path: '/_testbed/tenants/{id}', operationId: 'deleteTenant', tags: ['Mundos'],
      summary: 'Borra un tenant con todos sus datos y los de las plataformas',
      params: IdPath,
      responses: { 200: answer(IdDeleted, 'El tenant borrado, aquí y en las plataformas.'), 404: ['NOT_FOUND'], 503: ['PLATFORM_UNAVAILABLE'] },
      handler: async (req, res, { services }) => {
        const id = worldPathId(req.params.id);
        await services.worldDeletion.one(id, res);
        res.json({ id, deleted: true });
      },
    }),
    defineControlOperation({
      method: 'post', path: '/_testbed/tenants/{id}/keys', operationId: 'createKey', tags: ['Mundos'],
      summary: 'Crea una clave de API (el secreto solo se muestra aquí)',
      params: IdPath,
      body: KeyOptions,
      responses: { 201: answer(CreatedKey, 'La clave, con su secreto (solo aquí).'), 404: ['NOT_FOUND'] },
      handler: (req, res, { services }) => {
        const id = worldPathId(req.params.id);
        services.tenants.store.requireTenant(id);
        const body = parseJsonBody(KeyOptions, req);
        res.status(201).json(keyAnswer(services.tenants.createKey(id, body.scopes, body.environment)));
      },
    }),
    defineControlOperation({
      method: 'get', path: '/_testbed/tenants/{id}/keys', operationId: 'listKeys', tags: ['Mundos'],
      summary: 'Las claves de un tenant, sin secretos',
      params: IdPath,
      responses: { 200: answer(KeyList, 'Las claves, sin secretos.'), 404: ['NOT_FOUND'] },
      handler: (req, res, { services }) => {
        res.json({ data: services.tenants.listKeys(worldPathId(req.params.id)) });
      },
    }),
    defineControlOperation({
      method: 'post', path: '/_testbed/keys/{id}/revoke', operationId: 'revokeKey', tags: ['Mundos'],
      summary: 'Revoca una clave',
      params: IdPath,
      responses: { 200: answer(RevokedKey, 'La clave y cuándo se revocó (hora del mundo).'), 404: ['NOT_FOUND'], 409: ['CONFLICT'] },
      handler: (req, res, { services }) => {
        res.json(services.tenants.revokeKey(pathId(req.params.id, 'La clave de API')));
      },
    }),
  ],
};
