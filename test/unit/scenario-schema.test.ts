import { describe, expect, it } from 'vitest';
import { parseScenario, ScenarioFileError } from '../../cli/scenario/load.ts';

const HEAD = `
name: t
tenants:
  - as: fleet
    name: Flota
    keys: [{ as: admin }]
`;

const errorOf = (text: string) => {
  try {
    parseScenario(text, 'x.yaml');
  } catch (err) {
    expect(err).toBeInstanceOf(ScenarioFileError);
    return (err as Error).message;
  }
  throw new Error('the scenario was accepted');
};

describe('scenario file validation', () => {
  it('when the file is valid YAML, then it parses with defaults filled in', () => {
    const scenario = parseScenario(`${HEAD}\nsteps:\n  - request: { method: GET, path: /v1/me }\n  - advanceClock: 1d\n`, 'x.yaml');

    expect(scenario.tenants[0]).toMatchObject({ as: 'fleet', pending: false, keys: [{ as: 'admin', env: 'test' }] });
    expect(scenario.steps).toHaveLength(2);
  });

  it('when the file is JSON, then it is accepted too', () => {
    const json = JSON.stringify({ name: 't', tenants: [{ as: 'f', name: 'F', keys: [{ as: 'k' }] }], steps: [{ sync: true }] });

    expect(parseScenario(json, 'x.json').steps[0]).toEqual({ sync: true });
  });

  it.each([
    ['two actions in one step', `- { name: doble, request: { method: GET, path: /v1/me }, sync: true }`, /paso 1 \("doble"\).*exactamente una acción.*request, sync/],
    ['no action', `- { name: vacío }`, /paso 1 \("vacío"\).*ninguna/],
    ['a misspelt key', `- { reqest: { method: GET, path: /v1/me } }`, /paso 1.*reqest/],
    ['an unknown method', `- { request: { method: FETCH, path: /v1/me } }`, /paso 1: request\.method/],
    ['a path without /', `- { request: { method: GET, path: v1/me } }`, /paso 1: request\.path: debe empezar por \//],
    ['a bad duration', `- { advanceClock: tomorrow }`, /paso 1: advanceClock: duración no válida/],
    ['an unknown verdict', `- { reviewVehicle: { vehicle: x, verdict: maybe } }`, /paso 1: reviewVehicle\.verdict/],
    ['an unknown matcher', `- { sync: true, expect: { body: { a: { $tpye: string } } } }`, /paso 1: expect: comparador desconocido: \$tpye/],
    ['an unknown $type', `- { sync: true, expect: { body: { a: { $type: text } } } }`, /\$type "text" no es uno de/],
    ['a broken regex', `- { sync: true, expect: { body: { a: { $regex: "(" } } } }`, /\$regex no válida/],
    ['a reserved capture name', `- { sync: true, capture: { tenants: body.id } }`, /paso 1: capture\.tenants: tenants es un nombre reservado/],
  ])('when a step has %s, then the error names the step', (_case, step, message) => {
    expect(errorOf(`${HEAD}\nsteps:\n  ${step}\n`)).toMatch(message);
  });

  it('when several steps are wrong, then every error is listed at once', () => {
    const message = errorOf(`${HEAD}\nsteps:\n  - { sync: true }\n  - { advanceClock: x }\n  - { name: tercero, request: { method: GET } }\n`);

    expect(message).toMatch(/paso 2: advanceClock/);
    expect(message).toMatch(/paso 3 \("tercero"\): request\.path/);
    expect(message).not.toMatch(/paso 1/);
  });

  it('when no tenant has a key, then it is refused', () => {
    expect(errorOf(`name: t\ntenants: [{ as: f, name: F }]\nsteps: [{ sync: true }]\n`)).toMatch(/tenants: hace falta al menos una clave/);
  });

  it('when an alias is repeated, then it is refused', () => {
    expect(errorOf(`name: t\ntenants: [{ as: f, name: F, keys: [{ as: f }] }]\nsteps: [{ sync: true }]\n`)).toMatch(/el alias f está repetido/);
  });

  it('when a key asks for an unknown scope, then it is refused', () => {
    expect(errorOf(`name: t\ntenants: [{ as: f, name: F, keys: [{ as: k, scopes: [rides:write] }] }]\nsteps: [{ sync: true }]\n`)).toMatch(/tenants\.0\.keys\.0\.scopes\.0/);
  });

  it('when the text is not YAML, then the error says so with the place', () => {
    expect(errorOf('name: [unclosed\n')).toMatch(/x\.yaml: no es YAML ni JSON válido/);
  });
});
