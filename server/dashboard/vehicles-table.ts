import { ListVehiclesQuery } from '../vehicles/schema.ts';
import type { Vehicle } from '../vehicles/view.ts';
import { badge, BASE, copyable, more, searchCard, table } from './components.ts';
import { searchPartial, type Dashboard } from './context.ts';
import { html, seg, type Html } from './html.ts';
import { lookups } from './lookups.ts';

/** A list shows a page of the API's biggest size; the filters find the rest. */
export const LIST_LIMIT = 100;

function vehicleRow(v: Vehicle, driverName: (id: string) => string): Html {
  const a = v.registrations.find((r) => r.platform === 'platform_a');
  const b = v.registrations.find((r) => r.platform === 'platform_b');
  return html`<tr>
    <td class="clave">${v.plate}</td>
    <td>${copyable(v.id, `el id del vehículo ${v.plate}`)}</td>
    <td>${v.brand} ${v.model} ${v.year}</td>
    <td>${badge(v.status)}</td>
    <td><span class="par">registro ${badge(a?.status)}</span><span class="par">tarjeta ${badge(a?.docStatus)}</span><span class="par">revisión ${badge(a?.docReviewStatus)}</span></td>
    <td><span class="par">registro ${badge(b?.status)}</span></td>
    <td>${v.assignedDriverId ? html`${driverName(v.assignedDriverId)} ${copyable(v.assignedDriverId, `el id del conductor de ${v.plate}`)}` : html`<span class="nada">—</span>`}</td>
  </tr>`;
}

/** The vehicles of a world, newest first, filtered by plate as `GET /v1/vehicles?plate=` does. */
export function vehiclesList(ctx: Dashboard, tenantId: string, plate?: string): Html {
  const query = ListVehiclesQuery.parse({ plate, limit: String(LIST_LIMIT) });
  const page = ctx.services.vehicles.list(tenantId, { plate: query.plate }, query.limit);
  const { driverName } = lookups(ctx, tenantId);
  const headers = ['Placa', 'Id', 'Vehículo', 'Estado', 'platform_a', 'platform_b', 'Conductor actual'];
  const caption = plate ? `Vehículos con la placa ${plate}` : 'Vehículos, los más nuevos primero';
  return html`<div id="vehiculos">
    ${table(caption, headers, page.data.map((v) => vehicleRow(v, driverName)), plate ? `Ningún vehículo con la placa ${plate}.` : 'Este mundo no tiene vehículos.')}
    ${more(page.hasMore, `Se muestran los ${LIST_LIMIT} más nuevos; busca una placa para ver otro.`)}
  </div>`;
}

export const vehiclesSection = (tenantId: string, list: Html): Html =>
  searchCard({ title: 'Vehículos', url: `${BASE}/worlds/${seg(tenantId)}/vehicles`, list: 'vehiculos', field: 'plate', label: 'Placa', button: 'Buscar vehículo' }, list);

/** `GET /dashboard/worlds/:world/vehicles?plate=`. */
export const vehiclesPartial = (ctx: Dashboard) => searchPartial(ctx, 'plate', 'vehiculos', vehiclesList);
