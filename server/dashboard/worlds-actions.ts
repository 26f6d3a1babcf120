import type { Request, Response } from 'express';
import { cdmxTime } from '../lib/human-text.ts';
import { SaveBody } from '../snapshots/control.ts';
import { CreateTenant } from '../tenants/schema.ts';
import { copyable, creadoRegion, keyShownOnce, resultadoRegion } from './components.ts';
import { conflict, validation } from '../errors.ts';
import { namedWith } from '../tenants/deletion.ts';
import { worldsShown } from './worlds-page.ts';
import { answerAction, filled, formFields, requireWorld, type Dashboard } from './context.ts';
import { html } from './html.ts';
import { fixtureFromForm, fixtureMadeText } from './fixture-form.ts';

/**
 * The worlds page's actions: the control API's tenant, reset and snapshot operations, each judged by
 * the control API's own schema and answered with a line for #resultado (context.ts answerAction).
 */
export function worldsActions(ctx: Dashboard) {
  const { services } = ctx;
  return {
    /** As `POST /_testbed/tenants` (server/tenants/control.ts), with the fixture of the form's folded fields. */
    async create(req: Request, res: Response): Promise<void> {
      const { name, status } = formFields(req);
      const body = CreateTenant.parse({ name, status, keys: [{}], fixture: fixtureFromForm(req) });
      const created = services.tenants.createTenantWithKeys(body.name, body.status, body.keys);
      const fixture = body.fixture && await services.fixtures.build(created.id, body.fixture, res);
      const secret = html`${keyShownOnce(created.keys[0])}<p>Id del mundo: ${copyable(created.id, 'el id del mundo')}</p>`;
      const populated = fixture && body.fixture && (fixture.vehicleIds.length > 0 || fixture.driverIds.length > 0) ? `, poblado con ${fixtureMadeText(fixture, body.fixture.rideDays)}` : '';
      // Answered in #creado: the line of the page's last other action goes (out of band), as it no longer tells what happened last.
      answerAction(res, `Mundo «${created.name}» creado (${created.status})${populated}.`, html`${secret}${resultadoRegion(true)}`);
    },

    /** As `POST /_testbed/tenants/{id}/keys`: a `test` key with the six scopes, for a world whose key was not kept. */
    newKey(req: Request, res: Response): void {
      const tenant = requireWorld(ctx, req);
      const key = services.tenants.createKey(tenant.id);
      // A pending world's keys answer 403 TENANT_PENDING until it is approved (spec): said here, where the key is.
      const pending = tenant.status === 'pending' ? ' El mundo está pending: sus claves responden 403 TENANT_PENDING hasta que se apruebe (en la lista de mundos).' : '';
      answerAction(res, `Clave nueva del mundo «${tenant.name}» (test, los seis permisos).${pending}`, keyShownOnce(key));
    },

    approve(req: Request, res: Response): void {
      const tenant = services.tenants.approveTenant(requireWorld(ctx, req).id);
      answerAction(res, `Mundo aprobado: ahora está ${tenant.status}.`);
    },

    async remove(req: Request, res: Response): Promise<void> {
      const tenant = requireWorld(ctx, req);
      await ctx.deleteWorld(tenant.id);
      answerAction(res, `Mundo «${tenant.name}» borrado, con sus datos y sus registros en las plataformas.`, creadoRegion(true));
    },

    /**
     * `DELETE /dashboard/worlds?name=PREFIX&count=N`: every world the filter shows, by the control
     * API's own bulk deletion, as long as they are still the N the user confirmed: a world of that
     * name made since (a scenario run, another tab) was deleted unseen.
     */
    async removeNamed(req: Request, res: Response): Promise<void> {
      const prefix = filled(req.query, 'name');
      if (prefix === undefined) throw validation('name es obligatorio: el comienzo del nombre de los mundos a borrar');
      const confirmed = filled(req.query, 'count');
      const shown = filled(req.query, 'shown');
      const named = namedWith(ctx.services.tenants.store.listTenants(), prefix);
      const now = named.length;
      if ((confirmed !== undefined && confirmed !== String(now)) || (shown !== undefined && shown !== worldsShown(named.map((t) => t.id)))) {
        const which = confirmed === String(now) ? `no los ${now} que confirmaste (uno se borró y otro se creó)` : `no los ${confirmed} que confirmaste`;
        throw conflict(`Nada borrado: ahora ${now === 1 ? 'hay 1 mundo' : `hay ${now} mundos`} cuyo nombre empieza por «${prefix}», ${which}. La lista ya está al día: revísala y vuelve a borrar.`);
      }
      const ids = await ctx.services.worldDeletion.byNamePrefix(prefix);
      answerAction(res, `${ids.length === 1 ? '1 mundo borrado' : `${ids.length} mundos borrados`} (su nombre empezaba por «${prefix}»), con sus datos y sus registros en las plataformas.`, creadoRegion(true));
    },

    async reset(_req: Request, res: Response): Promise<void> {
      const { now } = await services.world.reset(res);
      answerAction(res, `Testbed restablecido: hora del servicio ${cdmxTime(now)}.`, creadoRegion(true));
    },

    async saveSnapshot(req: Request, res: Response): Promise<void> {
      const { name } = SaveBody.parse(formFields(req));
      const replaced = services.world.list().some((s) => s.name === name);
      const saved = await services.world.save(res, name);
      answerAction(res, `Instantánea «${saved.name}» guardada${replaced ? '; reemplazó la que tenía ese nombre' : ''}.`);
    },

    async restoreSnapshot(req: Request, res: Response): Promise<void> {
      const restored = await services.world.restore(res, String(req.params.name));
      answerAction(res, `Instantánea «${restored.name}» restaurada: hora del servicio ${cdmxTime(restored.now)}.`, creadoRegion(true));
    },

    removeSnapshot(req: Request, res: Response): void {
      const removed = services.world.remove(String(req.params.name));
      answerAction(res, `Instantánea «${removed.name}» borrada.`);
    },
  };
}
