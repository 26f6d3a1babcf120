import { describe, expect, it } from 'vitest';
import { findCity, listCities } from '../../server/catalog/cities.ts';
import { normalizeName } from '../../server/catalog/normalize.ts';

describe('normalizeName', () => {
  it.each([
    ['  Ciudad   de  México ', 'ciudad de mexico'],
    ['QUERÉTARO', 'queretaro'],
    ['gris-oscuro', 'gris oscuro'],
    ['gris__oscuro', 'gris oscuro'],
    ['Cancún\t', 'cancun'],
  ])('when given %j, then returns %j', (input, expected) => {
    expect(normalizeName(input)).toBe(expected);
  });
});

describe('listCities', () => {
  it('when listed, then returns only id and name, in id order, starting at 1', () => {
    const list = listCities();
    expect(list.length).toBeGreaterThanOrEqual(35);
    expect(list.map((c) => c.id)).toEqual(list.map((_, i) => i + 1));
    for (const c of list) expect(Object.keys(c).sort()).toEqual(['id', 'name']);
    expect(list.map((c) => c.name)).toEqual(expect.arrayContaining(['Ciudad de México', 'Querétaro', 'Mérida', 'Cancún', 'León']));
  });
});

describe('findCity', () => {
  it.each([
    ['Guadalajara', 'Guadalajara'],
    ['guadalajara', 'Guadalajara'],
    ['Queretaro', 'Querétaro'],
    ['MERIDA', 'Mérida'],
    ['cancún', 'Cancún'],
    ['  san   luis potosi ', 'San Luis Potosí'],
    ['Ciudad de Mexico', 'Ciudad de México'],
  ])('when the name is %j, then it finds %s ignoring case, accents and spacing', (input, name) => {
    expect(findCity(input)?.name).toBe(name);
  });

  it.each([
    ['CDMX', 'Ciudad de México'],
    ['cdmx', 'Ciudad de México'],
    ['DF', 'Ciudad de México'],
    ['Distrito Federal', 'Ciudad de México'],
    ['Mexico City', 'Ciudad de México'],
    ['Jalapa', 'Xalapa'],
    ['Cd. Juarez', 'Ciudad Juárez'],
  ])('when the alias is %j, then it finds %s', (input, name) => {
    const city = findCity(input);
    expect(city).toEqual(listCities().find((c) => c.name === name));
  });

  it.each(['Springfield', 'Gotham', '', 'Mexico'])('when the city %j is unknown, then it returns null', (input) => {
    expect(findCity(input)).toBeNull();
  });

  it('when a city is found, then it carries no aliases', () => {
    expect(findCity('CDMX')).toEqual({ id: 1, name: 'Ciudad de México' });
  });
});
