import { describe, expect, it } from 'vitest';
import { UUID_V4 } from '../support/app.ts';
import { expectRefusedNaming, VALID_VIN, validBody, vehiclesApp, without } from '../support/vehicles.ts';

describe('POST /v1/vehicles: limits of spec §8', () => {
  it.each([
    ['plate of 6 chars', { plate: 'ABC123' }],
    ['plate of 10 chars', { plate: 'ABCDE12345' }],
    ['plate with a hyphen', { plate: 'ABC-123' }],
    ['brand of 1 char', { brand: 'B' }],
    ['brand of 80 chars', { brand: 'B'.repeat(80) }],
    ['model of 1 char', { model: 'M' }],
    ['model of 80 chars', { model: 'M'.repeat(80) }],
    ['year 2000', { year: 2000 }],
    ['year 2100', { year: 2100 }],
    ['color of 40 chars that names a catalog colour', { color: `azul${' '.repeat(30)}oscuro` }],
    ['city of 2 chars', { city: 'Xa' }],
    ['city of 80 chars', { city: 'C'.repeat(80) }],
    ['a valid 17-char vin', { vin: VALID_VIN }],
    ['platforms with one item', { platforms: ['platform_b'] }],
    ['platforms with both platforms', { platforms: ['platform_a', 'platform_b'] }],
  ])('when the body has %s (just inside), then answers 201', async (_label, overrides) => {
    // Arrange
    const { post, count } = vehiclesApp();

    // Act
    const res = await post(validBody(overrides));

    // Assert
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(UUID_V4);
    expect(count()).toBe(1);
  });

  it.each([
    ['plate of 5 chars', { plate: 'AB123' }, 'plate'],
    ['plate of 11 chars', { plate: 'ABCDE123456' }, 'plate'],
    ['plate missing', { plate: undefined }, 'plate'],
    ['plate as a number', { plate: 1234567 }, 'plate'],
    ['brand empty', { brand: '' }, 'brand'],
    ['brand whitespace only', { brand: '    ' }, 'brand'],
    ['brand of 81 chars', { brand: 'B'.repeat(81) }, 'brand'],
    ['model empty', { model: '' }, 'model'],
    ['model whitespace only', { model: ' \t ' }, 'model'],
    ['model of 81 chars', { model: 'M'.repeat(81) }, 'model'],
    ['year 1999', { year: 1999 }, 'year'],
    ['year 2101', { year: 2101 }, 'year'],
    ['year not an integer', { year: 2020.5 }, 'year'],
    ['year as a string', { year: '2020' }, 'year'],
    ['color empty', { color: '' }, 'color'],
    ['color of 41 chars', { color: `azul${' '.repeat(31)}oscuro` }, 'color'],
    ['city of 1 char', { city: 'X' }, 'city'],
    ['city of 81 chars', { city: 'C'.repeat(81) }, 'city'],
    ['vin of 16 chars', { vin: VALID_VIN.slice(0, 16) }, 'vin'],
    ['vin of 18 chars', { vin: `${VALID_VIN}1` }, 'vin'],
    ['vin in lower case', { vin: VALID_VIN.toLowerCase() }, 'vin'],
    ['vin with an I', { vin: `I${VALID_VIN.slice(1)}` }, 'vin'],
    ['vin with an O', { vin: `O${VALID_VIN.slice(1)}` }, 'vin'],
    ['vin with a Q', { vin: `Q${VALID_VIN.slice(1)}` }, 'vin'],
    ['platforms empty', { platforms: [] }, 'platforms'],
    ['platforms with an invalid value', { platforms: ['platform_c'] }, 'platforms.0'],
    ['platforms in upper case', { platforms: ['PLATFORM_A'] }, 'platforms.0'],
    ['platforms not an array', { platforms: 'platform_a' }, 'platforms'],
  ])('when the body has %s (just outside), then answers 400 VALIDATION naming the field and saves nothing', async (_label, overrides, field) => {
    await expectRefusedNaming(field, validBody(overrides));
  });

  it.each([
    ['brand empty', { brand: '' }, 'brand', 'brand no puede estar vacío'],
    ['brand whitespace only', { brand: '    ' }, 'brand', 'brand no puede estar vacío'],
    ['color empty', { color: '' }, 'color', 'color no puede estar vacío'],
    ['city of 1 char', { city: 'X' }, 'city', 'city debe tener al menos 2 caracteres'],
    ['model of 81 chars', { model: 'M'.repeat(81) }, 'model', 'model debe tener como máximo 80 caracteres'],
  ])('when the body has %s, then the message says what is wrong in plain Spanish', async (_label, overrides, field, message) => {
    const { post } = vehiclesApp();

    const res = await post(validBody(overrides));

    expect(res.body.error.details).toEqual([{ field, message }]);
  });

  it('when color is 1 char long, then the length is accepted and only the catalog rejects it', async () => {
    const { post } = vehiclesApp();

    const res = await post(validBody({ color: 'x' }));

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.message).toMatch(/catálogo/);
    expect(res.body.error.message).not.toMatch(/al menos/);
  });

  it('when the body is empty, then each required field is named as missing, not as of the wrong type', async () => {
    const { post, count } = vehiclesApp();

    const res = await post({});

    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { field: 'plate', message: 'plate es obligatorio' },
      { field: 'brand', message: 'brand es obligatorio' },
      { field: 'model', message: 'model es obligatorio' },
      { field: 'year', message: 'year es obligatorio' },
      { field: 'color', message: 'Se requiere color o colorId.' },
    ]);
    // Each part of the sentence once, its own full stop dropped inside the parenthesis.
    expect(res.body.error.message).toBe('La solicitud no es válida (plate es obligatorio; brand es obligatorio; model es obligatorio; year es obligatorio; color: Se requiere color o colorId).');
    expect(count()).toBe(0);
  });

  it('when other fields are wrong and neither color nor colorId came, then the missing colour is named with them; with either, it is not', async () => {
    const { post, count } = vehiclesApp();

    const none = await post({ ...without(validBody({ plate: '', year: 1999 }), 'color'), colour: 'rojo' });
    const named = await post(validBody({ plate: '', year: 1999 }));
    const byId = await post({ ...without(validBody({ plate: '', year: 1999 }), 'color'), colorId: 1 });

    const fields = (r: typeof none) => [...new Set(r.body.error.details.map((d: { field: string }) => d.field))];
    expect(fields(none)).toEqual(['plate', 'year', 'color']);
    expect(none.body.error.details.at(-1)).toEqual({ field: 'color', message: 'Se requiere color o colorId.' });
    expect([named, byId].map(fields)).toEqual([['plate', 'year'], ['plate', 'year']]);
    expect(count()).toBe(0);
  });

  it.each([
    ['plate', { plate: 123456 }, 'plate debe ser texto'],
    ['year', { year: '2023' }, 'year debe ser un número entero'],
    ['brand', { brand: null }, 'brand debe ser texto'],
    ['platforms', { platforms: 'platform_a' }, 'platforms debe ser una lista (un arreglo JSON, [ … ])'],
    // An array's length is not measured as a text's: the type alone is said.
    ['plate', { plate: ['ABC1234'] }, 'plate debe ser texto'],
  ])('when %s is of another type (null included), then it is said so alone, not as missing', async (field, overrides, message) => {
    const { post } = vehiclesApp();

    const res = await post(validBody(overrides));

    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field, message }]);
  });

  it.each([
    [1e20, 'year debe ser 2100 o anterior'],
    [-1e20, 'year debe ser 2000 o posterior'],
  ])('when year is %d (whole, but past the safe integers), then its bound alone is said, not also "debe ser un número entero"', async (year, message) => {
    const { post } = vehiclesApp();

    const res = await post(validBody({ year }));

    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'year', message }]);
  });

  it.each([
    [{ color: 'fucsia' }, 'color'],
    [{ color: undefined, colorId: 21 }, 'colorId'],
  ])('when the colour %j is refused, then details lists the valid colours with their ids', async (colour, field) => {
    const { post, count } = vehiclesApp();

    const res = await post(validBody(colour));

    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field, message: res.body.error.message, allowed: expect.any(Array) }]);
    expect(res.body.error.details[0].allowed).toHaveLength(20);
    expect(res.body.error.details[0].allowed).toContainEqual({ id: 1, name: 'Blanco' });
    expect(count()).toBe(0);
  });

  it.each([
    ['Blanco perla', 'Blanco'], ['perla', 'Blanco'], ['crema', 'Beige'], ['violeta', 'Morado'], ['lila', 'Morado'],
    ['verde olivo', 'Verde oscuro'], ['negro mate', 'Negro'],
  ])('when color is %j, then the vehicle is created with the catalog colour %s', async (color, name) => {
    const { post } = vehiclesApp();

    const res = await post(validBody({ color }));

    expect(res.status).toBe(201);
    expect(res.body.color).toBe(name);
  });

  it('when platforms is omitted, then the vehicle gets [platform_a]', async () => {
    const { post } = vehiclesApp();

    const res = await post(without(validBody(), 'platforms'));

    expect(res.status).toBe(201);
    expect(res.body.platforms).toEqual(['platform_a']);
  });

  it('when platforms repeats a value, then it is stored once', async () => {
    const { post } = vehiclesApp();

    const res = await post(validBody({ platforms: ['platform_b', 'platform_b'] }));

    expect(res.status).toBe(201);
    expect(res.body.platforms).toEqual(['platform_b']);
  });

  it('when text fields carry surrounding spaces and the plate is lower case, then they are stored trimmed and upper case', async () => {
    const { post } = vehiclesApp();

    const res = await post(validBody({ plate: ' abc-123 ', brand: '  Nissan ', model: ' Versa  ' }));

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ plate: 'ABC-123', brand: 'Nissan', model: 'Versa' });
  });
});

describe('POST /v1/vehicles: colour rules', () => {
  it.each([
    ['the canonical name', { color: 'Rojo' }, 'Rojo', 6],
    ['a name in another case without accents', { color: 'CAFE CLARO' }, 'Café claro', 13],
    ['a name with accents and odd spacing', { color: '  café   oscuro ' }, 'Café oscuro', 14],
    ['a synonym', { color: 'navy' }, 'Azul oscuro', 8],
    ['a Spanish synonym', { color: 'plateada' }, 'Plata', 3],
    ['a generic name alone', { color: 'gris' }, 'Gris claro', 4],
    ['another generic name alone', { color: 'Verde' }, 'Verde claro', 9],
    ['a generic name with the dark variant id', { color: 'gris', colorId: 5 }, 'Gris oscuro', 5],
    ['a generic name with the light variant id', { color: 'azul', colorId: 7 }, 'Azul claro', 7],
    ['only a colorId', { color: undefined, colorId: 2 }, 'Negro', 2],
    ['a name and the matching id', { color: 'negra', colorId: 2 }, 'Negro', 2],
  ])('when the body sends %s, then answers 201 with the canonical name and its id', async (_label, overrides, name, id) => {
    // Arrange
    const { post } = vehiclesApp();

    // Act
    const res = await post(validBody(overrides));

    // Assert
    expect(res.status).toBe(201);
    expect(res.body.color).toBe(name);
    expect(res.body.colorId).toBe(id);
  });

  it.each([
    ['a name and an id of different colours', { color: 'Rojo', colorId: 1 }, 'color'],
    ['a generic name and an id outside its pair', { color: 'gris', colorId: 7 }, 'color'],
    ['a name outside the catalog', { color: 'Fucsia' }, 'color'],
    ['an id outside the catalog', { color: undefined, colorId: 999 }, 'colorId'],
    ['colorId 0', { color: undefined, colorId: 0 }, 'colorId'],
    ['colorId as a string', { color: undefined, colorId: '2' }, 'colorId'],
    ['colorId not an integer', { color: undefined, colorId: 2.5 }, 'colorId'],
    ['neither color nor colorId', { color: undefined }, 'color'],
    ['color null and no colorId', { color: null }, 'color'],
  ])('when the body sends %s, then answers 400 VALIDATION on %s and saves nothing', async (_label, overrides, field) => {
    await expectRefusedNaming(field, validBody(overrides));
  });
});
