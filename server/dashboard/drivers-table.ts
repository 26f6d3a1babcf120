import type { Request, Response } from 'express';
import { ListDriversQuery, withPhoneErrors } from '../drivers/schema.ts';
import type { Driver } from '../drivers/view.ts';
import { badge, BASE, copyable, more, table } from './components.ts';
import { requireWorld, type Dashboard } from './context.ts';
import { html, seg, type Html } from './html.ts';
import { lookups } from './lookups.ts';
import { filled, LIST_LIMIT } from './vehicles-table.ts';

function driverRow(d: Driver, plate: (id: string) => string): Html {
  const a = d.invitations.find((i) => i.platform === 'platform_a');
  const b = d.invitations.find((i) => i.platform === 'platform_b');
  return html`<tr>
    <td class="clave">${d.name}</td>
    <td>${copyable(d.id, `el id del conductor ${d.name}`)}</td>
    <td class="nowrap">${d.whatsapp}</td>
    <td><span class="par">invitación ${badge(a?.status)}</span><span class="par">revisión ${badge(a?.reviewStatus)}</span></td>
    <td><span class="par">invitación ${badge(b?.status)}</span></td>
    <td>${d.assignedVehicleId ? html`${plate(d.assignedVehicleId)} ${copyable(d.assignedVehicleId, `el id del vehículo de ${d.name}`)}` : html`<span class="nada">—</span>`}</td>
  </tr>`;
}

/** The drivers of a world, newest first, filtered by whatsapp as `GET /v1/drivers?whatsapp=` does. */
export function driversList(ctx: Dashboard, tenantId: string, whatsapp?: string): Html {
  const query = withPhoneErrors(() => ListDriversQuery.parse({ whatsapp, limit: String(LIST_LIMIT) }));
  const page = ctx.services.drivers.list(tenantId, { whatsapp: query.whatsapp }, query.limit);
  const { plate } = lookups(ctx, tenantId);
  const headers = ['Nombre', 'Id', 'WhatsApp', 'platform_a', 'platform_b', 'Vehículo actual'];
  const caption = whatsapp ? `Conductores con el WhatsApp ${whatsapp}` : 'Conductores, los más nuevos primero';
  return html`<div id="conductores">
    ${table(caption, headers, page.data.map((d) => driverRow(d, plate)), whatsapp ? `Ningún conductor con el WhatsApp ${whatsapp}.` : 'Este mundo no tiene conductores.')}
    ${more(page.hasMore, `Se muestran los ${LIST_LIMIT} más nuevos; busca un WhatsApp para ver otro.`)}
  </div>`;
}

export function driversSection(tenantId: string, body: Html): Html {
  return html`<section class="tarjeta" aria-labelledby="t-conductores">
    <h2 id="t-conductores">Conductores</h2>
    <form role="search" hx-get="${BASE}/worlds/${seg(tenantId)}/drivers" hx-target="#conductores" hx-swap="outerHTML" hx-trigger="submit, mundo-cambiado from:body">
      <div class="fila"><label>WhatsApp <input type="search" name="whatsapp" maxlength="20" placeholder="+52…" autocomplete="off"></label><button type="submit" class="secundario">Buscar conductor</button></div>
    </form>
    ${body}
  </section>`;
}

/** `GET /dashboard/worlds/:world/drivers?whatsapp=`. */
export const driversPartial = (ctx: Dashboard) => (req: Request, res: Response): void => {
  const tenant = requireWorld(ctx, req);
  res.type('html').send(driversList(ctx, tenant.id, filled(req.query, 'whatsapp')).value);
};
