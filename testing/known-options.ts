import { TestbedError } from './control.ts';

/** A value a caller gave, as a refusal shows it: JSON where it has one (`"2"`, `null`), else its text. */
export const givenValue = (value: unknown): string => JSON.stringify(value) ?? String(value);

/**
 * What a function of the library reads, checked before any call: from plain JavaScript a misspelt
 * option (`fixtur`, `clockstart`) or filter (`methd`, `cuont`) would be dropped, and the call made
 * without it (a world with no fixture, a filter selecting everything). A string or a list where an
 * object goes is said as such, not listed by its indices.
 */
export function refuseUnknown(caller: string, given: unknown, known: readonly string[]): void {
  // A caller that takes no option (unique.vin) says so, rather than list none.
  const takes = known.length > 0 ? `(se admiten ${known.join(', ')})` : '(no lleva opciones)';
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    const shape = known.length > 0 ? `admite un objeto (${known.join(', ')})` : 'no lleva opciones';
    throw new TestbedError(400, { code: 'VALIDATION', message: `${caller} ${shape}; recibió ${givenValue(given)}` });
  }
  const unknown = Object.keys(given).filter((k) => !known.includes(k));
  if (unknown.length > 0) throw new TestbedError(400, { code: 'VALIDATION', message: `${caller} no admite ${unknown.join(', ')} ${takes}` });
}
