import type { Request } from 'express';
import { FIXTURE_LIMITS, type FixtureIds } from '../fixtures/schema.ts';
import { html, type Html } from './html.ts';
import { numberField } from './components.ts';
import { typedNumber } from '../lib/typed-number.ts';
import { counted, spokenList } from '../lib/human-text.ts';

const COUNTS = ['vehicles', 'drivers', 'rideDays'] as const;
const LISTS = ['registeredOn', 'boundOn'] as const;

/** Every value a field was sent with: checkboxes of one name come as a list. */
function valuesOf(body: Record<string, unknown>, name: string): string[] {
  const value = body[name];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
}

/**
 * The create form's «Poblar el mundo» fields as the control API's `fixture` (contract §5), for its
 * own schema to judge with its own messages: a count that is not a whole number goes as typed, so
 * it is refused as the API refuses it. Nothing filled in or checked: no fixture, an empty world.
 */
export function fixtureFromForm(req: Request): Record<string, unknown> | undefined {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const fixture: Record<string, unknown> = {};
  for (const name of COUNTS) {
    const [typed] = valuesOf(body, name);
    if (typed !== undefined) fixture[name] = typedNumber(typed);
  }
  for (const name of LISTS) {
    const checked = valuesOf(body, name);
    if (checked.length > 0) fixture[name] = checked;
  }
  if (valuesOf(body, 'assigned').length > 0) fixture.assigned = true;
  return Object.keys(fixture).length > 0 ? fixture : undefined;
}

/** What a fixture made, in words: «5 vehículos, 5 conductores y 5 asignaciones». */
export function fixtureMadeText(ids: FixtureIds, rideDays: number): string {
  const parts = [
    counted(ids.vehicleIds.length, 'vehículo', 'vehículos'),
    counted(ids.driverIds.length, 'conductor', 'conductores'),
    counted(ids.assignmentIds.length, 'asignación', 'asignaciones'),
    ...(rideDays > 0 ? [counted(rideDays, 'día de viajes', 'días de viajes')] : []),
  ];
  return spokenList(parts);
}

const count = (name: string, label: string, max: number) =>
  html`<label>${label} ${numberField(name, 7, { placeholder: `0 a ${max}` })}</label>`;

/** The create form's fixture fields, folded: most worlds are made empty. */
export function fixtureFields(): Html {
  return html`<details class="poblar"><summary>Poblar el mundo (fixture): vehículos, conductores, asignaciones y días de viajes en la misma llamada</summary>
    <div class="fila">
      ${count('vehicles', 'Vehículos', FIXTURE_LIMITS.vehicles)}
      ${count('drivers', 'Conductores', FIXTURE_LIMITS.drivers)}
      ${count('rideDays', 'Días de viajes', FIXTURE_LIMITS.rideDays)}
    </div>
    <fieldset class="fila"><legend>Vehículos registrados en</legend>
      <label class="casilla"><input type="checkbox" name="registeredOn" value="platform_a"> platform_a (aprobados)</label>
      <label class="casilla"><input type="checkbox" name="registeredOn" value="platform_b"> platform_b</label>
    </fieldset>
    <div class="fila">
      <label class="casilla"><input type="checkbox" name="boundOn" value="platform_a"> Conductores vinculados en platform_a</label>
      <label class="casilla"><input type="checkbox" name="assigned" value="true"> Conductor i asignado al vehículo i</label>
    </div>
    <p class="nota">Todo por los mismos servicios que la API: las plataformas guardan lo mismo y la cobertura cuenta cada transición. Placas, VIN y WhatsApp no se repiten en ningún otro mundo.</p>
  </details>`;
}
