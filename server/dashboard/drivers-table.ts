import { ListDriversQuery, withPhoneErrors } from '../drivers/schema.ts';
import type { Driver } from '../drivers/view.ts';
import { badge, BASE, copyable, more, searchCard, table } from './components.ts';
import { searchPartial, type Dashboard } from './context.ts';
import { html, seg, type Html } from './html.ts';
import { lookups } from './lookups.ts';
import { LIST_LIMIT } from './vehicles-table.ts';

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
export function driversList(ctx: Dashboard, tenantId: string, typed?: string): Html {
  // Typed by hand as it is written down ("55 1234 5678", "(55) 1234-5678"): the API's pattern has
  // no room for spaces, dashes or brackets, which the plate search ignores too.
  const whatsapp = typed?.replace(/[\s()\-.]/g, '');
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

export const driversSection = (tenantId: string, list: Html): Html =>
  searchCard({ title: 'Conductores', url: `${BASE}/worlds/${seg(tenantId)}/drivers`, list: 'conductores', field: 'whatsapp', label: 'WhatsApp', button: 'Buscar conductor', placeholder: '+52…' }, list);

/** `GET /dashboard/worlds/:world/drivers?whatsapp=`. */
export const driversPartial = (ctx: Dashboard) => searchPartial(ctx, 'whatsapp', 'conductores', driversList);
