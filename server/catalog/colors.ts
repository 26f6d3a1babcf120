import { readFileSync } from 'node:fs';
import { normalizeName } from './normalize.ts';

export type Color = { id: number; name: string };

export type ColorResult =
  | { ok: true; color: Color }
  /** `allowed`: the catalog, when the name or id is outside it, so the caller can show what is valid. */
  | { ok: false; field: 'color' | 'colorId'; message: string; allowed?: Color[] };

type ColorEntry = Color & {
  generic: string | null;
  variant: 'light' | 'dark' | null;
  synonyms: string[];
};

// Read from disk rather than a JSON import so tsx, vitest and tsc need no JSON-module settings.
const entries: ColorEntry[] = JSON.parse(
  readFileSync(new URL('../../fixtures/colors.json', import.meta.url), 'utf8'),
);

const byId = new Map<number, Color>();
// A name maps to one colour, or to both variants of a pair when it is the pair's generic name.
const byName = new Map<string, Color[]>();

for (const e of entries) byId.set(e.id, { id: e.id, name: e.name });

function addName(raw: string, entry: ColorEntry): void {
  const key = normalizeName(raw);
  const color = byId.get(entry.id)!;
  const found = byName.get(key);
  if (!found) {
    byName.set(key, [color]);
    return;
  }
  if (found.some((c) => c.id === entry.id)) return;
  // A synonym listed on both variants of the same pair (e.g. "grey") is a generic name too;
  // any other clash would make a name ambiguous, so the catalog is rejected at load.
  const other = entries.find((x) => x.id === found[0].id)!;
  if (found.length === 1 && entry.generic !== null && other.generic === entry.generic) {
    found.push(color);
    return;
  }
  throw new Error(`colors.json: "${raw}" names more than one colour`);
}

for (const e of entries) {
  addName(e.name, e);
  if (e.generic !== null) addName(e.generic, e);
  for (const s of e.synonyms) addName(s, e);
}

// Light variant first, so a generic name alone resolves to it.
const variantOrder = (c: Color) => (entries.find((e) => e.id === c.id)!.variant === 'dark' ? 1 : 0);
for (const list of byName.values()) list.sort((a, b) => variantOrder(a) - variantOrder(b));

const colorList: Color[] = [...byId.values()].sort((a, b) => a.id - b.id);

export function listColors(): Color[] {
  return colorList.map((c) => ({ ...c }));
}

const VALID_NAMES = colorList.map((c) => c.name).join(', ');

/**
 * Paint finishes said after the colour ("negro mate", "blanco perla", "rojo metálico"): the catalog
 * has no finishes, so the colour before them is the match. Normalised (no accents).
 */
export const FINISHES = ['mate', 'metalico', 'metalica', 'metalizado', 'metalizada', 'perla', 'perlado', 'perlada', 'brillante', 'satinado', 'satinada'];
const FINISH_SUFFIX = new RegExp(` (?:${FINISHES.join('|')})$`);

function colorsNamed(name: string): Color[] | undefined {
  const key = normalizeName(name);
  return byName.get(key) ?? byName.get(key.replace(FINISH_SUFFIX, ''));
}

export function resolveColor(input: { color?: string | null; colorId?: number | null }): ColorResult {
  const { color, colorId } = input;
  if (color == null && colorId == null) {
    return { ok: false, field: 'color', message: 'Se requiere color o colorId.' };
  }

  let byNameMatches: Color[] | undefined;
  if (color != null) {
    byNameMatches = colorsNamed(color);
    if (!byNameMatches) {
      const message = `El color "${color}" no está en el catálogo de colores. Colores válidos: ${VALID_NAMES}.`;
      return { ok: false, field: 'color', message, allowed: listColors() };
    }
  }

  let byIdMatch: Color | undefined;
  if (colorId != null) {
    byIdMatch = byId.get(colorId);
    if (!byIdMatch) {
      const message = `El colorId ${colorId} no está en el catálogo de colores (1 a ${colorList.length}).`;
      return { ok: false, field: 'colorId', message, allowed: listColors() };
    }
  }

  if (byIdMatch && byNameMatches) {
    const id = byIdMatch.id;
    if (!byNameMatches.some((c) => c.id === id)) {
      return { ok: false, field: 'color', message: 'color y colorId no corresponden al mismo color.' };
    }
  }

  const chosen = byIdMatch ?? byNameMatches![0];
  return { ok: true, color: { ...chosen } };
}

/** Every name the catalog knows, normalised (normalizeName). */
export const catalogNameKeys = (): string[] => [...byName.keys()];

/** A colour's name for an answer: no copy of the entry, since every vehicle shown asks for one. */
export const colorNameById = (id: number): string | undefined => byId.get(id)?.name;
