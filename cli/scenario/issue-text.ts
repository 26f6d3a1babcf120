import { z } from 'zod';
import { typeMessage } from '../../server/lib/zod-spanish.ts';
import { unknownFieldsMessage } from '../../server/control/schemas.ts';

/** The field an issue is about, by its name: `scopes[1]` for an item of a list, not its bare index. */
function fieldName(path: readonly PropertyKey[]): string {
  const last = path.at(-1);
  if (last === undefined) return 'el valor';
  if (typeof last !== 'number') return String(last);
  const list = path.at(-2);
  return list === undefined || typeof list === 'number' ? `el elemento ${last}` : `${String(list)}[${last}]`;
}

/**
 * An unknown field in the control API's words, with the fields that object has (zod's locale says
 * only "Llave desconocida"); a type, a value or a list too short in the API's plain words, naming
 * the field ("steps debe tener al menos 1 elemento", where zod's locale said "Demasiado pequeño: se
 * esperaba que arreglo tuviera >=1 elementos"); anything else in zod's Spanish.
 */
export const scenarioIssueText: z.core.$ZodErrorMap = (issue) => {
  const field = fieldName(issue.path ?? []);
  if (issue.code === 'unrecognized_keys') {
    const shape = (issue.inst as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def?.shape;
    return unknownFieldsMessage(issue.keys, Object.keys(shape ?? {}));
  }
  if (issue.code === 'invalid_value') {
    const shown = issue.values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
    return `${field} debe ser ${shown.length === 1 ? shown[0] : `uno de ${shown.join(', ')}`}`;
  }
  if (issue.code === 'too_small' && issue.origin === 'array') return `${field} debe tener al menos ${issue.minimum} ${issue.minimum === 1 ? 'elemento' : 'elementos'}`;
  return typeMessage(issue, field) ?? z.locales.es().localeError(issue);
};
