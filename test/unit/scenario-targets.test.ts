import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../cli/scenario/load.ts';
import { targetProblems } from '../../cli/scenario/targets.ts';

const HEAD = 'name: t\ntenants: [{ as: f, name: F, keys: [{ as: k }] }]\nsteps:\n';
const problemsOf = (steps: string) => targetProblems(parseScenario(`${HEAD}${steps}`, 'x.yaml'), 'x.yaml');

describe('targetProblems: what fault and expectRequests steps target, checked against the document as the file is read', () => {
  it.each([
    ['a rule on a path no route has', '  - { fault: { effect: internal, path: /v1/vehicle } }\n', /paso 1: fault\.path: path «\/v1\/vehicle» no es una ruta del documento/],
    ['a rule on health\'s reads, its method in lower case', '  - { fault: { effect: internal, method: get, path: /v1/health } }\n', /paso 1: fault\.path: \/v1\/health se lee sin clave de API/],
    ['a rule on a near-miss operation', '  - { fault: { effect: internal, operation: createVehicles } }\n', /¿Quisiste decir createVehicle\?/],
    ['a journal filter on health\'s operation', '  - { expectRequests: { operation: getHealth, count: 0 } }\n', /paso 1: expectRequests\.operation: operation «getHealth» se lee sin clave/],
    ['a journal filter on a template no route has', '  - { expectRequests: { path: "/v1/nope/{id}", count: 0 } }\n', /paso 1: expectRequests\.path: path «\/v1\/nope\/\{id\}» no es una ruta/],
  ])('when a step has %s, then the file is refused naming the step and the field', (_case, steps, message) => {
    expect(problemsOf(steps)).toMatch(message);
  });

  it.each([
    ['templated targets, known only when the step runs', '  - { fault: { effect: internal, operation: "${op}" } }\n  - { fault: { effect: internal, path: "/v1/vehicles/${op}" } }\n', 'op'],
    ['a templated method on health\'s path (it may render as POST, a world\'s request there)', '  - { fault: { effect: internal, method: "${m}", path: /v1/health } }\n', 'm'],
    ['a POST to health, in lower case (a world\'s request: a 405)', '  - { fault: { effect: internal, method: post, path: /v1/health } }\n', null],
    ['a platform fault (no operation or path)', '  - { fault: { platform: platform_b, mode: error } }\n', null],
    ['a journal filter on any concrete path (404s are journaled)', '  - { expectRequests: { path: /v1/typo, count: 0 } }\n', null],
  ])('when a step has %s, then nothing is refused as the file is read', (_case, steps, captured) => {
    const capture = captured === null ? '' : `  - { request: { method: GET, path: /v1/me }, capture: { ${captured}: body.tenantId } }\n`;
    expect(problemsOf(capture + steps)).toBeNull();
  });
});
