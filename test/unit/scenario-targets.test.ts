import { describe, expect, it } from 'vitest';
import { parseScenario, ScenarioFileError } from '../../cli/scenario/load.ts';
import { targetProblems } from '../../cli/scenario/targets.ts';

const HEAD = 'name: t\ntenants: [{ as: f, name: F, keys: [{ as: k }] }]\nsteps:\n';
/** The file's refusal as the CLI reads it (its own checks and its targets'), or null when it is valid. */
function problemsOf(steps: string, head = HEAD): string | null {
  try {
    parseScenario(`${head}${steps}`, 'x.yaml', targetProblems);
    return null;
  } catch (err) {
    if (!(err instanceof ScenarioFileError)) throw err;
    return err.message;
  }
}

describe('targetProblems: what fault and expectRequests steps target, checked against the document as the file is read', () => {
  it.each([
    ['a rule on a path no route has', '  - { fault: { effect: internal, path: /v1/vehicle } }\n', /paso 1: fault\.path: path «\/v1\/vehicle» no es una ruta del documento/],
    ['a rule on health\'s reads, its method in lower case', '  - { fault: { effect: internal, method: get, path: /v1/health } }\n', /paso 1: fault\.path: \/v1\/health se lee sin clave de API/],
    ['a POST to health, in lower case (it would fault only a 405)', '  - { fault: { effect: internal, method: post, path: /v1/health } }\n', /paso 1: fault\.method: POST \/v1\/health no es una operación del documento/],
    ['a method the route has not (PUT for PATCH)', '  - { fault: { effect: internal, method: PUT, path: "/v1/vehicles/{id}" } }\n', /paso 1: fault\.method: PUT \/v1\/vehicles\/\{id\} no es una operación del documento \(\/v1\/openapi\.json\): esa ruta admite GET, PATCH\./],
    ['a rule on a near-miss operation', '  - { fault: { effect: internal, operation: createVehicles } }\n', /¿Quisiste decir createVehicle\?/],
    ['a journal filter on health\'s operation', '  - { expectRequests: { operation: getHealth, count: 0 } }\n', /paso 1: expectRequests\.operation: operation «getHealth» se lee sin clave/],
    ['a journal filter on a template no route has', '  - { expectRequests: { path: "/v1/nope/{id}", count: 0 } }\n', /paso 1: expectRequests\.path: path «\/v1\/nope\/\{id\}» no es una ruta/],
    ['none expected on a path no route has (a typo: it checks nothing the code meant)', '  - { expectRequests: { path: /v1/vehicle, count: 0 } }\n', /paso 1: expectRequests\.path: path «\/v1\/vehicle» no es una ruta del documento \(\/v1\/openapi\.json\): con count: 0 el paso solo comprueba que nada pidió esa ruta; ¿un error al escribirla\?/],
    ['none expected of a method the route has not', '  - { expectRequests: { method: put, path: /v1/vehicles/abc, count: 0 } }\n', /paso 1: expectRequests\.method: PUT \/v1\/vehicles\/abc no es una operación del documento: esa ruta admite GET y PATCH; con count: 0 el paso solo comprueba que nada pidió ese método; ¿un error al escribirlo\?/],
    ['some expected on health\'s reads, never journaled', '  - { expectRequests: { path: /v1/health, count: 1 } }\n', /paso 1: expectRequests\.path: path «\/v1\/health» se lee sin clave de API: sus peticiones no son de ningún mundo, y ningún diario las guarda\./],
    ['none expected on health\'s reads, never a world\'s', '  - { expectRequests: { path: /v1/health, count: 0 } }\n', /paso 1: expectRequests\.path: \/v1\/health se lee sin clave de API: sus peticiones no entran en el diario de ningún mundo, y count: 0 se cumpliría siempre\./],
  ])('when a step has %s, then the file is refused naming the step and the field', (_case, steps, message) => {
    expect(problemsOf(steps)).toMatch(message);
  });

  it.each([
    ['templated targets, known only when the step runs', '  - { fault: { effect: internal, operation: "${op}" } }\n  - { fault: { effect: internal, path: "/v1/vehicles/${op}" } }\n', 'op'],
    ['a templated method on health\'s path (it may render as POST, a world\'s request there)', '  - { fault: { effect: internal, method: "${m}", path: /v1/health } }\n', 'm'],
    ['a platform fault (no operation or path)', '  - { fault: { platform: platform_b, mode: error } }\n', null],
    ['a journal filter counting requests to a concrete path no route has (404s are journaled)', '  - { expectRequests: { path: /v1/typo, count: 1 } }\n', null],
    ['none expected on a concrete path of a route', '  - { expectRequests: { method: delete, path: /v1/assignments/abc, count: 0 } }\n', null],
    ['a POST to health counted (a world\'s request: its 405 is journaled)', '  - { expectRequests: { method: post, path: /v1/health, count: 1 } }\n', null],
    ['templates written with a trailing slash or braces percent-encoded, as the control API takes them', '  - { fault: { effect: internal, method: get, path: "/v1/vehicles/{id}/" } }\n  - { fault: { effect: internal, path: "/v1/vehicles/%7Bid%7D" } }\n  - { expectRequests: { path: "/v1/vehicles/{id}/", count: 0 } }\n', null],
  ])('when a step has %s, then nothing is refused as the file is read', (_case, steps, captured) => {
    const capture = captured === null ? '' : `  - { request: { method: GET, path: /v1/me }, capture: { ${captured}: body.tenantId } }\n`;
    expect(problemsOf(capture + steps)).toBeNull();
  });

  it('when a file has a problem of its own shape too (a reference to nothing, an unknown field), then its targets\' problems are said with it, at once, in step order', () => {
    const head = 'name: t\ntenants: [{ as: f, name: F, keys: [{ as: k }], fixture: { vehicles: 1, registeredOn: [platform_b] } }]\nsteps:\n';
    const steps = '  - { request: { method: GET, path: "/v1/vehicles/${fixtures.f.vehicleIds[5]}" } }\n'
      + '  - { fault: { effect: internal, operation: createVehicles } }\n'
      + '  - { expectRequests: { path: "/v1/me?x=1", count: 0 } }\n'
      + '  - { bogus: 1 }\n';

    const said = problemsOf(steps, head)!.split('\n').filter((line) => line.startsWith('  - '));

    expect(said.map((line) => /^  - paso (\d+)/.exec(line)?.[1])).toEqual(['1', '2', '3', '4', '4']);
    expect(said[0]).toMatch(/vehicleIds\[5\]/);
    expect(said[1]).toMatch(/fault\.operation: .*¿Quisiste decir createVehicle\?/);
    expect(said[2]).toMatch(/expectRequests\.path: path «\/v1\/me\?x=1» lleva consulta/);
  });

  it('when a step is no object at all, then the targets\' check passes over it and the file\'s own check names it', () => {
    expect(problemsOf('  - 7\n  - { fault: "internal" }\n')).toMatch(/paso 1.*\n.*paso 2/);
  });
});
