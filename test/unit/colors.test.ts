import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listColors, resolveColor } from '../../server/catalog/colors.ts';

const ID = Object.fromEntries(listColors().map((c) => [c.name, c.id]));
const fixture: { id: number; name: string; generic: string | null; variant: string | null }[] = JSON.parse(
  readFileSync(new URL('../../fixtures/colors.json', import.meta.url), 'utf8'),
);

describe('listColors', () => {
  it('when listed, then returns only id and name, in id order, starting at 1', () => {
    const list = listColors();
    expect(list.length).toBeGreaterThanOrEqual(18);
    expect(list.map((c) => c.id)).toEqual(list.map((_, i) => i + 1));
    for (const c of list) expect(Object.keys(c).sort()).toEqual(['id', 'name']);
  });

  it('when the fixture has a generic name, then exactly one light and one dark variant share it', () => {
    const generics = new Set(fixture.filter((e) => e.generic).map((e) => e.generic));
    expect([...generics].sort()).toEqual(['azul', 'café', 'gris', 'verde']);
    for (const g of generics) {
      expect(fixture.filter((e) => e.generic === g).map((e) => e.variant).sort()).toEqual(['dark', 'light']);
    }
  });

  it('when the caller mutates the returned list, then the catalog is unchanged', () => {
    listColors()[0].name = 'X';
    expect(listColors()[0].name).toBe('Blanco');
  });
});

describe('resolveColor', () => {
  it('when neither color nor colorId is sent, then it fails on color with a Spanish message', () => {
    expect(resolveColor({})).toEqual({ ok: false, field: 'color', message: 'Se requiere color o colorId.' });
  });

  it.each([
    ['Blanco', 'Blanco'],
    ['gris oscuro', 'Gris oscuro'],
    ['GRIS-OSCURO', 'Gris oscuro'],
    ['gris_claro', 'Gris claro'],
    ['  azul   oscuro ', 'Azul oscuro'],
    ['cafe claro', 'Café claro'],
    ['CAFÉ OSCURO', 'Café oscuro'],
  ])('when color is the canonical name written as %j, then it resolves to %s', (color, name) => {
    expect(resolveColor({ color })).toEqual({ ok: true, color: { id: ID[name], name } });
  });

  it.each([
    ['blanca', 'Blanco'],
    ['NEGRA', 'Negro'],
    ['roja', 'Rojo'],
    ['plateada', 'Plata'],
    ['plateado', 'Plata'],
    ['white', 'Blanco'],
    ['Silver', 'Plata'],
    ['dark gray', 'Gris oscuro'],
    ['marino', 'Azul oscuro'],
    ['azul marino', 'Azul oscuro'],
    ['celeste', 'Azul claro'],
    ['guinda', 'Vino'],
    ['oro', 'Dorado'],
    ['arena', 'Beige'],
    ['púrpura', 'Morado'],
    ['purpura', 'Morado'],
    ['marron oscuro', 'Café oscuro'],
    ['perla', 'Blanco'],
    ['crema', 'Beige'],
    ['violeta', 'Morado'],
    ['lila', 'Morado'],
    ['verde olivo', 'Verde oscuro'],
    ['olivo', 'Verde oscuro'],
    ['verde militar', 'Verde oscuro'],
  ])('when color is the synonym %j, then it resolves to %s', (color, name) => {
    expect(resolveColor({ color })).toEqual({ ok: true, color: { id: ID[name], name } });
  });

  it.each([
    ['Blanco perla', 'Blanco'],
    ['negro mate', 'Negro'],
    ['Rojo metálico', 'Rojo'],
    ['gris oscuro metalizado', 'Gris oscuro'],
    ['azul marino perlado', 'Azul oscuro'],
    ['plata brillante', 'Plata'],
    ['crema mate', 'Beige'],
  ])('when color %j is a catalog name followed by a paint finish, then the finish is ignored and it resolves to %s', (color, name) => {
    expect(resolveColor({ color })).toEqual({ ok: true, color: { id: ID[name], name } });
  });

  it.each(['mate', 'metálico', 'mate negro', 'negro mate mate', 'fucsia mate'])('when color %j is a finish without a catalog colour before it, then it fails on color', (color) => {
    expect(resolveColor({ color })).toMatchObject({ ok: false, field: 'color' });
  });

  it.each([
    ['gris', 'Gris claro'],
    ['GRIS', 'Gris claro'],
    ['grey', 'Gris claro'],
    ['azul', 'Azul claro'],
    ['blue', 'Azul claro'],
    ['verde', 'Verde claro'],
    ['café', 'Café claro'],
    ['cafe', 'Café claro'],
    ['marrón', 'Café claro'],
  ])('when color is the generic name %j alone, then it is taken as the light variant %s', (color, name) => {
    expect(resolveColor({ color })).toEqual({ ok: true, color: { id: ID[name], name } });
  });

  it.each([
    [{ color: 'gris', colorId: 5 }, 'Gris oscuro'],
    [{ color: 'gris', colorId: 4 }, 'Gris claro'],
    [{ color: 'gray', colorId: 5 }, 'Gris oscuro'],
    [{ color: 'Azul', colorId: 8 }, 'Azul oscuro'],
    [{ color: 'marrón', colorId: 14 }, 'Café oscuro'],
    [{ color: 'Blanco', colorId: 1 }, 'Blanco'],
    [{ color: 'guinda', colorId: 16 }, 'Vino'],
    [{ color: 'gris oscuro', colorId: 5 }, 'Gris oscuro'],
  ])('when both %j denote the same colour, then it resolves to %s', (input, name) => {
    expect(ID[name]).toBeDefined();
    expect(resolveColor(input)).toEqual({ ok: true, color: { id: ID[name], name } });
  });

  it.each([
    { color: 'gris', colorId: 1 },
    { color: 'gris claro', colorId: 5 },
    { color: 'gris oscuro', colorId: 4 },
    { color: 'Blanco', colorId: 2 },
    { color: 'azul', colorId: 5 },
    { color: 'marino', colorId: 7 },
  ])('when both %j denote different colours, then it fails', (input) => {
    expect(resolveColor(input)).toEqual({
      ok: false,
      field: 'color',
      message: 'color y colorId no corresponden al mismo color.',
    });
  });

  it.each([1, 5, 14, 20])('when only colorId %i is sent, then it resolves to that canonical colour', (colorId) => {
    const expected = listColors().find((c) => c.id === colorId)!;
    expect(resolveColor({ colorId })).toEqual({ ok: true, color: expected });
  });

  it.each([0, -1, 21, 999, 1.5])('when colorId %s is outside the catalog, then it fails on colorId', (colorId) => {
    expect(resolveColor({ colorId })).toEqual({
      ok: false,
      field: 'colorId',
      message: `El colorId ${colorId} no está en el catálogo de colores (1 a 20).`,
      allowed: listColors(),
    });
  });

  it.each(['fucsia', 'gris azulado', 'oscuro', 'claro', '', '   '])(
    'when color %j is outside the catalog, then it fails on color naming every valid colour',
    (color) => {
      const names = listColors().map((c) => c.name).join(', ');
      expect(resolveColor({ color })).toEqual({
        ok: false,
        field: 'color',
        message: `El color "${color}" no está en el catálogo de colores. Colores válidos: ${names}.`,
        allowed: listColors(),
      });
    },
  );

  it('when the name is unknown and the id is valid, then it fails on color', () => {
    expect(resolveColor({ color: 'fucsia', colorId: 1 })).toMatchObject({ ok: false, field: 'color' });
  });

  it('when the name is valid and the id is unknown, then it fails on colorId', () => {
    expect(resolveColor({ color: 'Blanco', colorId: 99 })).toMatchObject({ ok: false, field: 'colorId' });
  });
});
