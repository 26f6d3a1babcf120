import type { Request, Response } from 'express';
import { SaveBody } from '../snapshots/control.ts';
import { cdmxTime, sizeText } from '../lib/human-text.ts';
import { BASE, SNAPSHOT_NAME_PATTERN, SNAPSHOT_NAME_RULE, table, when } from './components.ts';
import { answerAction, formFields, requireWorld, type Dashboard } from './context.ts';
import { html, seg, type Html } from './html.ts';
import { unreadLine } from './drive-actions.ts';

const RELOADS = 'mundo-cambiado from:body';

const HEADERS = ['Nombre', 'Tomada (hora del mundo)', 'Tamaño', 'Acciones'] as const;

/**
 * A world's snapshots (contract §5), each with its restore and delete buttons; reloaded after every
 * action. As cards on a phone, as the testbed's own snapshots are: a table's buttons went off screen.
 */
export function worldSnapshotsList(ctx: Dashboard, tenantId: string): Html {
  const base = `${BASE}/worlds/${seg(tenantId)}/snapshots`;
  const [name, taken, size, actions] = HEADERS;
  const rows = ctx.services.worldSnapshots.list(tenantId).map((s) => html`<tr>
    <td data-label="${name}"><code>${s.name}</code></td><td data-label="${taken}">${when(s.createdAt)}</td>
    <td class="numero" data-label="${size}">${sizeText(s.sizeBytes)}</td>
    <td data-label="${actions}"><div class="fila">
      <button class="secundario" hx-post="${base}/${seg(s.name)}/restore" hx-target="#resultado" hx-confirm="¿Restaurar este mundo a «${s.name}»? Los demás mundos no cambian." aria-label="Restaurar el mundo a la instantánea ${s.name}">Restaurar</button>
      <button class="peligro" hx-delete="${base}/${seg(s.name)}" hx-target="#resultado" hx-confirm="¿Borrar la instantánea «${s.name}» de este mundo? No se puede deshacer." aria-label="Borrar la instantánea ${s.name} del mundo">Borrar</button>
    </div></td></tr>`);
  return html`<div id="instantaneas-mundo" hx-get="${base}" hx-trigger="${RELOADS}" hx-swap="outerHTML">
    ${table('Instantáneas de este mundo (de este serve: un reinicio las pierde).', [...HEADERS], rows, 'Este mundo no tiene instantáneas.', 'tarjetas')}
  </div>`;
}

/** The world page's card: save form and list. */
export function worldSnapshotsCard(ctx: Dashboard, tenantId: string): Html {
  return html`<section class="tarjeta" aria-labelledby="t-inst-mundo"><h2 id="t-inst-mundo">Instantáneas del mundo</h2>
    <form novalidate hx-post="${BASE}/worlds/${seg(tenantId)}/snapshots" hx-target="#resultado">
      <div class="fila">
        <label>Nombre de la instantánea (${SNAPSHOT_NAME_RULE}) <input name="name" required pattern="${SNAPSHOT_NAME_PATTERN}" title="${SNAPSHOT_NAME_RULE}" placeholder="inicio" autocomplete="off"></label>
        <button type="submit">Guardar este mundo</button>
      </div>
    </form>
    ${worldSnapshotsList(ctx, tenantId)}
  </section>`;
}

/** The card's list (GET) and its actions, through the world snapshot service the control API uses. */
export function worldSnapshotsActions(ctx: Dashboard) {
  const snapshots = ctx.services.worldSnapshots;
  return {
    list(req: Request, res: Response): void {
      res.type('html').send(worldSnapshotsList(ctx, requireWorld(ctx, req).id).value);
    },
    async save(req: Request, res: Response): Promise<void> {
      const tenant = requireWorld(ctx, req);
      const { name } = SaveBody.parse(formFields(req));
      // Saving under a name taken replaces that copy, as the control API does: the answer says so.
      const replaced = snapshots.list(tenant.id).some((s) => s.name === name);
      const saved = await snapshots.save(tenant.id, name);
      answerAction(res, `Instantánea «${saved.name}» de «${tenant.name}» guardada${replaced ? '; reemplazó la que tenía ese nombre' : ''}.`);
    },
    async restore(req: Request, res: Response): Promise<void> {
      const tenant = requireWorld(ctx, req);
      const restored = await snapshots.restore(tenant.id, String(req.params.name));
      answerAction(res, `«${tenant.name}» restaurado a «${restored.name}»: hora del mundo ${cdmxTime(restored.now)}.${unreadLine(restored.notSynced)}`);
    },
    async remove(req: Request, res: Response): Promise<void> {
      const tenant = requireWorld(ctx, req);
      const removed = await snapshots.remove(tenant.id, String(req.params.name));
      answerAction(res, `Instantánea «${removed.name}» de «${tenant.name}» borrada.`);
    },
  };
}
