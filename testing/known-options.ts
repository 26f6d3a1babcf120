import { TestbedError } from './control.ts';

/**
 * What a function of the library reads, checked before any call: from plain JavaScript a misspelt
 * option (`fixtur`, `clockstart`) or filter (`methd`, `cuont`) would be dropped, and the call made
 * without it (a world with no fixture, a filter selecting everything). A string or a list where an
 * object goes is said as such, not listed by its indices.
 */
export function refuseUnknown(caller: string, given: unknown, known: readonly string[]): void {
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    throw new TestbedError(400, { code: 'VALIDATION', message: `${caller} admite un objeto (${known.join(', ')}); recibió ${JSON.stringify(given) ?? String(given)}` });
  }
  const unknown = Object.keys(given).filter((k) => !known.includes(k));
  if (unknown.length > 0) throw new TestbedError(400, { code: 'VALIDATION', message: `${caller} no admite ${unknown.join(', ')} (se admiten ${known.join(', ')})` });
}
