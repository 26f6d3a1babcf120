import { readFileSync } from 'node:fs';
import { normalizeName } from './normalize.ts';

export type City = { id: number; name: string };

type CityEntry = City & { aliases?: string[] };

// Read from disk rather than a JSON import so tsx, vitest and tsc need no JSON-module settings.
const entries: CityEntry[] = JSON.parse(
  readFileSync(new URL('../../fixtures/cities.json', import.meta.url), 'utf8'),
);

const cityList: City[] = entries.map((e) => ({ id: e.id, name: e.name })).sort((a, b) => a.id - b.id);

const byName = new Map<string, City>();
for (const e of entries) {
  const city = { id: e.id, name: e.name };
  for (const raw of [e.name, ...(e.aliases ?? [])]) {
    const key = normalizeName(raw);
    const found = byName.get(key);
    // Two cities answering to one name would make findCity depend on file order.
    if (found && found.id !== e.id) throw new Error(`cities.json: "${raw}" names more than one city`);
    byName.set(key, city);
  }
}

export function listCities(): City[] {
  return cityList.map((c) => ({ ...c }));
}

export function findCity(name: string): City | null {
  const city = byName.get(normalizeName(name));
  return city ? { ...city } : null;
}
