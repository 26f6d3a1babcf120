import { describe, expect, it } from 'vitest';
import { parseScenario, ScenarioFileError } from '../../cli/scenario/load.ts';

const HEAD = `
name: t
tenants:
  - as: fleet
    name: Flota
    keys: [{ as: admin }]
`;

const errorOf = (text: string, file = 'x.yaml') => {
  try {
    parseScenario(text, file);
  } catch (err) {
    expect(err).toBeInstanceOf(ScenarioFileError);
    return (err as Error).message;
  }
  throw new Error('the scenario was accepted');
};

describe('scenario file validation', () => {
  it.each([['an empty file', ''], ['blanks and comments only', '\n  # nada todavía\n']])('when the file is %s, then it says the file is empty', (_case, text) => {
    expect(errorOf(text)).toBe('x.yaml: el archivo está vacío (solo espacios o comentarios); un escenario necesita al menos name, tenants y steps.');
  });

  it.each([
    ['a list (steps without name: and steps:)', '- request: { method: GET, path: /v1/me }\n', 'una lista'],
    ['a bare value', 'hola\n', 'un valor suelto'],
  ])('when the file holds %s, then it says a scenario is a map of keys (not "empty", not "a JSON object")', (_case, text, what) => {
    expect(errorOf(text)).toBe(`x.yaml: el escenario es un mapa de claves (name, tenants, steps…), no ${what}; ¿faltan name: y steps: antes de los pasos?`);
  });

  it('when the file is valid YAML, then it parses with defaults filled in', () => {
    const scenario = parseScenario(`${HEAD}\nsteps:\n  - request: { method: GET, path: /v1/me }\n  - advanceClock: 1d\n`, 'x.yaml');

    expect(scenario.tenants[0]).toMatchObject({ as: 'fleet', pending: false, keys: [{ as: 'admin', env: 'test' }] });
    expect(scenario.steps).toHaveLength(2);
  });

  it.each([
    ['a trailing comma', '{"name": "t",\n "steps": [],\n}', ' (línea 3, columna 1)'],
    ['a comment', '{"name": "t" # nombre\n}', ' (línea 1, columna 14)'],
    // V8 names no position for these: the comma's own is given.
    ['a trailing comma in a list', '{"name": "t",\n "steps": [{"sync": true},\n ]}', ' (línea 2, columna 26)'],
    ['a trailing comma after a string holding ",]"', '{"name": "a,]",\n "steps": [1,]}', ' (línea 2, columna 13)'],
    // Another token V8 names no position for: not the trailing comma after it.
    ['a bare word before a trailing comma', '{"a": x, "b": [1,]}', ''],
  ])('when a .json file has %s (YAML would take it), then it is refused as JSON, saying where', (_case, text, where) => {
    expect(errorOf(text, 'x.json')).toBe(`x.json: no es JSON válido${where}; un archivo .json se lee como JSON estricto (sin comas finales, comentarios ni comillas simples): para eso, escríbelo en YAML (.yaml)`);
  });

  it('when the file is JSON, then it is accepted too', () => {
    const json = JSON.stringify({ name: 't', tenants: [{ as: 'f', name: 'F', keys: [{ as: 'k' }] }], steps: [{ sync: true }] });

    expect(parseScenario(json, 'x.json').steps[0]).toEqual({ sync: true });
  });

  it.each([
    ['two actions in one step', `- { name: doble, request: { method: GET, path: /v1/me }, sync: true }`, /paso 1 \("doble"\).*exactamente una acción.*request, sync/],
    ['no action', `- { name: vacío }`, /paso 1 \("vacío"\).*; no tiene ninguna \(línea \d+\)$/m],
    ['a misspelt key', `- { reqest: { method: GET, path: /v1/me } }`, /paso 1.*reqest/],
    ['a misspelt action, said once', `- { advanceClok: 1h }`, /^[^\n]*\n  - paso 1: campo desconocido: advanceClok .*¿quisiste decir advanceClock\?\) \(línea \d+\)$/],
    ['an unknown method', `- { request: { method: FETCH, path: /v1/me } }`, /paso 1: request\.method/],
    ['a path without /', `- { request: { method: GET, path: v1/me } }`, /paso 1: request\.path: debe empezar por \//],
    ['a bad duration', `- { advanceClock: tomorrow }`, /paso 1: advanceClock: duración no válida/],
    ['a duration that is a number', `- { advanceClock: 6 }`, /paso 1: advanceClock: debe ser una duración \(6h\) o \{duration, tenant\}/],
    ['a tenant\'s duration that is a number', `- { advanceClock: { duration: 6, tenant: fleet } }`, /paso 1: advanceClock: debe ser una duración \(6h\) o \{duration, tenant\}/],
    ['a job id that is a number', `- { waitForJob: 5 }`, /paso 1: waitForJob: debe ser el id del lote/],
    ['an unknown verdict', `- { reviewVehicle: { vehicle: x, verdict: maybe } }`, /paso 1: reviewVehicle\.verdict/],
    ['an unknown matcher', `- { sync: true, expect: { body: { a: { $tpye: string } } } }`, /paso 1: expect\.body\.a\.\$tpye: comparador desconocido: \$tpye\. ¿Quisiste decir \$type\? \(línea/],
    ['a matcher like none', `- { sync: true, expect: { body: { a: { $whatever: 1 } } } }`, /paso 1: expect\.body\.a\.\$whatever: comparador desconocido: \$whatever \(se admiten \$exists, \$type, .*\$lte\) \(línea/],
    ['an unknown $type', `- { sync: true, expect: { body: { a: { $type: text } } } }`, /\$type "text" no es uno de/],
    ['a misspelt $type', `- { sync: true, expect: { body: { a: { $type: uuidd } } } }`, /\$type "uuidd" no es uno de .*\. ¿Quisiste decir uuid\?/],
    ['a broken regex', `- { sync: true, expect: { body: { a: { $regex: "(" } } } }`, /\$regex no válida/],
    ['a reserved capture name', `- { sync: true, capture: { tenants: body.id } }`, /paso 1: capture\.tenants: tenants es un nombre reservado/],
    ['capture named unique', `- { sync: true, capture: { unique: body.id } }`, /paso 1: capture\.unique: unique es un nombre reservado/],
    // The earnings summary's totals.days is a name a test reaches for: it hid the world's days, and `${days[0]}` sent the capture.
    ['capture named days', `- { sync: true, capture: { days: body.totals.days } }`, /paso 1: capture\.days: days es un nombre reservado/],
    ['an unknown unique kind', `- { request: { method: GET, path: "/v1/vehicles?plate=\${unique.curp}" } }`, /\$\{unique\.curp\} no existe: usa \$\{unique\.plate\}/],
    ['a capture path that is not in an answer', `- { request: { method: GET, path: /v1/me }, capture: { car: bodyid } }`,
      /paso 1: capture\.car: una ruta de capture empieza por body, status o headers \(p\. ej\. body\.id\), no «bodyid»/],
    ['headers that are a list', `- { request: { method: GET, path: /v1/me, headers: [a, b] } }`,
      /paso 1: request\.headers: debe ser un mapa de cabeceras \(nombre: valor\), p\. ej\. \{ x-request-id: abc \}/],
    ['a header value that is a number', `- { request: { method: GET, path: /v1/me, headers: { x-n: 5 } } }`, /request\.headers\.x-n: el valor de una cabecera va entre comillas/],
    ['expected headers that are a number', `- { request: { method: GET, path: /v1/me }, expect: { headers: 5 } }`, /expect\.headers: debe ser un mapa de cabeceras/],
    ['an expected header that is a number', `- { request: { method: GET, path: /v1/me }, expect: { headers: { x-n: 5 } } }`,
      /expect\.headers\.x-n: el valor esperado de una cabecera va entre comillas \(las cabeceras son texto\)/],
    ['a multipart file fixtures/files does not have', `- { request: { method: POST, path: /v1/vehicles/x/documents, multipart: { file: { fixture: nope.png } } } }`,
      /file\.fixture: nope\.png no es un archivo de fixtures\/files\/ \(se nombra sin carpeta; hay: .*tiny\.png/],
    ['a multipart file named with a folder, or a folder', `- { request: { method: POST, path: /x, multipart: { a: { fixture: files/tiny.png }, b: { fixture: ".." } } } }`,
      /multipart\.a\.fixture: files\/tiny\.png no es un archivo[\s\S]*multipart\.b\.fixture: \.\. no es un archivo/],
    ['a capture path with a space or a named index', `- { request: { method: GET, path: /v1/me }, capture: { a: "body .id", b: 'headers["x-y"]' } }`,
      /capture\.a: una ruta de capture[\s\S]*capture\.b: una ruta de capture/],
    ['a magic plate that is no magic value', `- { request: { method: GET, path: "/v1/vehicles?plate=\${unique.plate.RX}" } }`,
      /\$\{unique\.plate\.RX\} no existe: un valor mágico de plate es \$\{unique\.plate\.RJ\}, \$\{unique\.plate\.RC\}, \$\{unique\.plate\.RB\} o \$\{unique\.plate\.FB\}/],
    ['a magic number past its ending', `- { request: { method: GET, path: "/v1/drivers?whatsapp=\${unique.whatsapp.0002.x}" } }`,
      /\$\{unique\.whatsapp\.0002\.x\} no existe: un valor mágico de whatsapp es \$\{unique\.whatsapp\.0001\}/],
    ['a magic VIN', `- { request: { method: GET, path: "/v1/vehicles?plate=\${unique.vin.RB}" } }`, /\$\{unique\.vin\.RB\} no existe: un VIN no tiene valores mágicos; usa \$\{unique\.vin\}/],
    ['a unique value in an expectation', `- { request: { method: GET, path: /v1/me }, expect: { body: { plate: "\${unique.plate}" } } }`,
      /paso 1: expect\.body\.plate: \$\{unique\.plate\} no se admite en expect: da un valor nuevo en cada aparición/],
    ['a unique value in a journal filter', `- { expectRequests: { path: "/v1/vehicles/\${unique.vin}", count: 1 } }`,
      /paso 1: expectRequests\.path: \$\{unique\.vin\} no se admite en expectRequests/],
  ])('when a step has %s, then the error names the step', (_case, step, message) => {
    expect(errorOf(`${HEAD}\nsteps:\n  ${step}\n`)).toMatch(message);
  });

  it('when a tenant\'s fixture is over its limit, then the file is refused naming the field', () => {
    const file = `name: t\ntenants:\n  - { as: f, name: F, keys: [{ as: k }], fixture: { vehicles: 501 } }\nsteps:\n  - { sync: true }\n`;
    expect(errorOf(file)).toMatch(/tenants\.0\.fixture\.vehicles: fixture\.vehicles admite como máximo 500/);
  });

  it.each([
    ['no name', '{ as: f, keys: [{ as: k }] }', /tenants\.0\.name: name es obligatorio: el nombre del tenant/],
    ['an empty name', '{ as: f, name: "", keys: [{ as: k }] }', /tenants\.0\.name: name no puede estar vacío/],
  ])('when a tenant has %s, then the file is refused saying name is needed', (_case, tenant, message) => {
    expect(errorOf(`name: t\ntenants:\n  - ${tenant}\nsteps:\n  - { sync: true }\n`)).toMatch(message);
  });

  it('when several steps are wrong, then every error is listed at once', () => {
    const message = errorOf(`${HEAD}\nsteps:\n  - { sync: true }\n  - { advanceClock: x }\n  - { name: tercero, request: { method: GET } }\n`);

    expect(message).toMatch(/paso 2: advanceClock/);
    expect(message).toMatch(/paso 3 \("tercero"\): request\.path/);
    expect(message).not.toMatch(/paso 1/);
  });

  it.each([
    ['a tenant without a name', 'tenants:\n  - { as: fleet, keys: [{ as: admin }] }\nsteps: [{ sync: true }]', 'tenants.0.name: name es obligatorio: el nombre del tenant'],
    ['a tenant whose name is a number', 'tenants:\n  - { as: fleet, name: 42, keys: [{ as: admin }] }\nsteps: [{ sync: true }]', 'tenants.0.name: name debe ser texto: el nombre del tenant'],
    ['a capture written as a path alone', `${HEAD.replace('name: t\n', '')}steps:\n  - { sync: true, capture: body.id }`, 'paso 1: capture: capture es un mapa de nombre: ruta en la respuesta (p. ej. capture: { vehiculo: body.id })'],
    ['a capture name that starts with a digit', `${HEAD.replace('name: t\n', '')}steps:\n  - { sync: true, capture: { 1bad: status } }`, 'paso 1: capture.1bad: el nombre de una captura lleva letras, dígitos y _, sin empezar por dígito'],
  ])('when the file has %s, then the message says what is wrong with it', (_case, rest, line) => {
    expect(errorOf(`name: t\n${rest}\n`)).toContain(`  - ${line}`);
  });

  it.each([
    ['an alias the file declares', 'fleet', null],
    ['a world\'s id', '5f0c6a2e-1b7d-4c3e-9a8f-0d2e4b6c8a1f', null],
    ['a capture', '${other}', null],
    ['an alias the file does not declare', 'ghost', 'paso 2: generateRides.tenant: el tenant ghost no está declarado en tenants (ni es el id de uno)'],
  ])('when generateRides names %s, then the file is accepted, unless that names no world', (_case, tenant, line) => {
    const text = `${HEAD}steps:\n  - { request: { method: GET, path: /v1/me }, capture: { other: body.tenantId } }\n  - generateRides: { tenant: "${tenant}", from: 2026-05-01, to: 2026-05-02 }\n`;
    if (line === null) expect(parseScenario(text, 'x.yaml').steps[1].generateRides?.tenant).toBe(tenant);
    else expect(errorOf(text)).toContain(`  - ${line}`);
  });

  it.each([
    ['a day past the world\'s last', '{ method: GET, path: "/v1/rides?from=${days[120]}" }', 'request.path: ${days[120]} no existe: los días del mundo van de ${days[0]} a ${days[119]}'],
    ['a run token that does not exist', '{ method: GET, path: "/v1/vehicles?plate=RJ${run.tagg}" }', 'request.path: ${run.tagg} no existe: usa ${run.tag} o ${run.digits}'],
    ['a ${ never closed', '{ method: GET, path: "/v1/vehicles/${car" }', 'request.path: «/v1/vehicles/${car»: a ${ le falta su } de cierre (un ${ literal se escribe $${)'],
  ])('when a template names %s, then the file is refused before any request', (_case, request, line) => {
    expect(errorOf(`${HEAD}steps:\n  - request: ${request}\n`)).toContain(`  - paso 1: ${line}`);
  });

  it('when a template reads the list\'s length, then it is taken', () => {
    const steps = '  - request: { method: GET, path: "/v1/x/${days.length}/${days[119]}" }\n';
    expect(parseScenario(`${HEAD}steps:\n${steps}`, 'x.yaml').steps).toHaveLength(1);
  });

  it.each([
    ['a key\'s secret', '${keys.admin.key}', 'request.path: ${keys.admin.key} no existe: una clave da id, prefix, tenantId; su secreto no se escribe, un paso lo envía con key: admin'],
    ['a tenant\'s field it has not', '${tenants.fleet.nombre}', 'request.path: ${tenants.fleet.nombre} no existe: un tenant da id, name, fixture'],
  ])('when a template reads %s, then the file is refused before any world is made', (_case, template, line) => {
    const head = 'name: t\ntenants: [{ as: fleet, name: F, keys: [{ as: admin }] }]\n';
    expect(errorOf(`${head}steps:\n  - request: { method: GET, path: "/v1/x/${template}" }\n`)).toContain(`  - paso 1: ${line}`);
  });

  it('when a template reads a key\'s id, prefix and tenant, and a tenant\'s id and name, then the file is accepted', () => {
    const head = 'name: t\ntenants: [{ as: fleet, name: F, keys: [{ as: admin }] }]\n';
    const path = '/v1/x/${keys.admin.id}/${keys.admin.prefix}/${keys.admin.tenantId}/${tenants.fleet.id}/${tenants.fleet.name}';
    expect(parseScenario(`${head}steps:\n  - request: { method: GET, path: "${path}" }\n`, 'x.yaml').steps).toHaveLength(1);
  });

  it('when a request has both a JSON body and multipart fields, then the file is refused: only one is sent', () => {
    const step = '  - request: { method: POST, path: /v1/vehicles, body: { plate: ABC1234 }, multipart: { type: x } }\n';
    expect(errorOf(`${HEAD}steps:\n${step}`)).toContain('  - paso 1: request: request lleva body (JSON) o multipart, no los dos');
  });

  it('when a template names the last day, a run token, an escaped $${ and a closed one, then the file is accepted', () => {
    const path = '/v1/rides?from=${days[119]}&plate=RJ${run.tag}&x=$${literal}';
    expect(parseScenario(`${HEAD}steps:\n  - request: { method: GET, path: "${path}" }\n`, 'x.yaml').steps[0].request?.path).toBe(path);
  });

  it.each([
    ['a code in quotes', '"200"', 'expect.status: el estado es un número: escribe 200 sin comillas'],
    ['a class in quotes', '"2xx"', 'expect.status: el estado es un número (201) o un operador ({ $oneOf: [200, 201] })'],
    ['a list', '[200, 201]', 'expect.status: para admitir varios estados usa { $oneOf: [200,201] }'],
  ])('when the expected status is %s, then the file is refused: the answer\'s status is a number', (_case, status, line) => {
    expect(errorOf(`${HEAD}steps:\n  - request: { method: GET, path: /v1/me }\n    expect: { status: ${status} }\n`)).toContain(`  - paso 1: ${line}`);
  });

  it.each([['367d', 'advanceClock: 367d'], ['{ duration: 367d, tenant: fleet }', 'advanceClock.duration']])('when a clock step moves %s, past the most an advance takes, then the file is refused; 366d passes', (step, where) => {
    expect(errorOf(`${HEAD}steps:\n  - advanceClock: ${step}\n`)).toContain(`  - paso 1: ${where.split(': ')[0]}: la duración máxima de un avance es 366d; para ir más lejos, avanza en varios pasos`);
    expect(parseScenario(`${HEAD}steps:\n  - advanceClock: ${step.replace('367d', '366d')}\n`, 'x.yaml').steps).toHaveLength(1);
  });

  it('when no tenant has a key, then it is refused', () => {
    expect(errorOf(`name: t\ntenants: [{ as: f, name: F }]\nsteps: [{ sync: true }]\n`)).toMatch(/tenants: hace falta al menos una clave/);
  });

  it('when an alias is repeated, then it is refused', () => {
    expect(errorOf(`name: t\ntenants: [{ as: f, name: F, keys: [{ as: f }] }]\nsteps: [{ sync: true }]\n`)).toMatch(/el alias f está repetido/);
    // Said at the repeat's own line: the first declaration is not the mistake.
    const block = 'name: t\ntenants:\n  - as: uno\n    name: Uno\n    keys: [{ as: admin }]\n  - as: dos\n    name: Dos\n    keys:\n      - as: admin\nsteps: [{ sync: true }]\n';
    expect(errorOf(block)).toMatch(/tenants\.1\.keys\.0\.as: el alias admin está repetido \(línea 9\)/);
  });

  it('when a key asks for an unknown scope, then it is refused', () => {
    expect(errorOf(`name: t\ntenants: [{ as: f, name: F, keys: [{ as: k, scopes: [rides:write] }] }]\nsteps: [{ sync: true }]\n`)).toMatch(/tenants\.0\.keys\.0\.scopes\.0/);
  });

  it('when the text is not YAML, then the error says so in Spanish with the place and the line', () => {
    const message = errorOf('name: t\n\tsteps: 1\n');

    expect(message).toBe('x.yaml: no es YAML ni JSON válido: línea 2, columna 1: tabulador como sangría (usa espacios)\n\nname: t\n\tsteps: 1\n^');
  });

  it.each([
    ['at the top', `${HEAD}\ndescripton: typo\nsteps: [{ sync: true }]\n`, '(raíz): campo desconocido: descripton', 8],
    ['in a tenant, below its first line', 'name: t\ntenants:\n  - as: f\n    name: F\n    fixtures: { vehicles: 1 }\nsteps: [{ sync: true }]\n', 'tenants.0: campo desconocido: fixtures', 5],
    ['in a step, below its first line', 'name: t\ntenants: [{ as: f, name: F, keys: [{ as: k }] }]\nsteps:\n  - request: { method: GET, path: /v1/me }\n    expcet: { status: 200 }\n', 'campo desconocido: expcet', 5],
  ])('when an unknown key is %s, then its problem names the line of that key', (_case, text, words, line) => {
    expect(errorOf(text)).toMatch(new RegExp(`${words.replace(/[().]/g, '\\$&')}.*\\(línea ${line}\\)`));
  });

  it.each([['mañana', '"mañana"'], ['2026-05-04', '"2026-05-04"'], ['2026-02-30T12:00:00Z', '"2026-02-30T12:00:00Z"'], ['12', '12']])('when clockStart is %s, then the problem says what it must be and what it got', (value, shown) => {
    expect(errorOf(`${HEAD}clockStart: ${value}\nsteps: [{ sync: true }]\n`)).toContain(`  - clockStart: clockStart debe ser una fecha-hora ISO con su zona, p. ej. 2026-05-04T12:00:00Z (recibido: ${shown}) (línea 7)`);
  });

  it('when clockStart is a date-time with its zone, then it is taken', () => {
    expect(parseScenario(`${HEAD}clockStart: "2026-05-04T12:00:00-06:00"\nsteps: [{ sync: true }]\n`, 'x.yaml').clockStart).toBe('2026-05-04T12:00:00-06:00');
  });

  it('when an action is misspelt, then its problem ends with the action it most likely meant', () => {
    expect(errorOf(`${HEAD}steps: [{ requst: { method: GET, path: /v1/me } }]\n`)).toMatch(/paso 1: campo desconocido: requst \(se admiten [^)]*, capture; ¿quisiste decir request\?\) \(línea \d+\)/);
  });

  it.each([
    ['false', 'clearFaults: false', 'paso 1: clearFaults: debe ser true (el primer tenant del archivo) o {tenant}, con el alias de un tenant del archivo'],
    ['a field it has not', 'clearRequests: { tenant: fleet, all: true }', 'paso 1: clearRequests'],
    ['a tenant the file has not', 'clearRequests: { tenant: ghost }', 'paso 1: clearRequests.tenant: el tenant ghost no está declarado en tenants'],
  ])('when a clear step is %s, then the file is refused naming it', (_case, step, words) => {
    expect(errorOf(`${HEAD}steps:\n  - ${step}\n`)).toContain(words);
  });

  it.each([
    ['a template', 'path: /v1/vehicles/{id}', 'path: "/v1/vehicles/{id}"'],
    ['a capture', 'path: /v1/vehicles/${car}', 'path: "/v1/vehicles/${car}"'],
  ])('when %s is left unquoted inside { … }, then the YAML error says to quote it, with one like it', (_case, field, example) => {
    expect(errorOf(`${HEAD}steps:\n  - request: { method: GET, ${field} }\n`)).toContain(`elemento inesperado. Un valor con { } o \${…} dentro de { … } va entre comillas: ${example}`);
  });

  it('when a capture path with an index is left unquoted inside { … }, then the YAML error says to quote it', () => {
    const text = `${HEAD}steps:\n  - request: { method: GET, path: /v1/vehicles }\n    capture: { later: body.data[0].id }\n`;
    expect(errorOf(text)).toContain('. Un valor con [ ] dentro de { … } va entre comillas: capture: { id: "body.data[0].id" }');
  });

  it('when a map inside { … } is left open, then the YAML error gives no quoting hint', () => {
    expect(errorOf(`${HEAD}steps:\n  - request: { method: POST, path: /v1/vehicles, body: { plate: X }\n`)).not.toContain('comillas');
  });

  it.each([[2000], [99], [600], [200.5]])('when the expected status is %d, then the file is refused: no answer has it', (status) => {
    expect(errorOf(`${HEAD}steps:\n  - { request: { method: GET, path: /v1/me }, expect: { status: ${status} } }\n`)).toContain(`paso 1: expect.status: ${status} no es un estado HTTP (un entero de 100 a 599)`);
  });

  it.each([[100], [599], [null]])('when the expected status is %s, then the file is taken', (status) => {
    expect(parseScenario(`${HEAD}steps:\n  - { request: { method: GET, path: /v1/me }, expect: { status: ${status} } }\n`, 'x.yaml').steps[0].expect?.status).toBe(status);
  });

  it.each([
    ['[200, 2000]', 'expect.status.$oneOf.1: 2000 no es un estado HTTP (un entero de 100 a 599)'],
    ['[99, 201]', 'expect.status.$oneOf.0: 99 no es un estado HTTP (un entero de 100 a 599)'],
    ['[200, "201"]', 'expect.status.$oneOf.1: el estado es un número: escribe 201 sin comillas'],
    ['[200, OK]', 'expect.status.$oneOf.1: «OK» no es un estado HTTP: el estado es un número (201)'],
  ])('when an expected $oneOf of statuses is %s, then the file is refused naming the one no answer has', (list, message) => {
    expect(errorOf(`${HEAD}steps:\n  - { request: { method: GET, path: /v1/me }, expect: { status: { $oneOf: ${list} } } }\n`)).toContain(`paso 1: ${message}`);
  });

  it('when an expected $oneOf of statuses is 100 and 599, then the file is taken', () => {
    expect(parseScenario(`${HEAD}steps:\n  - { request: { method: GET, path: /v1/me }, expect: { status: { $oneOf: [100, 599] } } }\n`, 'x.yaml').steps[0].expect?.status).toEqual({ $oneOf: [100, 599] });
  });

  it.each([['authorization'], ['Authorization']])('when a request step sets the %s header in headers, then the file is refused: key or authorization set it', (name) => {
    const step = `  - request: { method: GET, path: /v1/me, headers: { ${name}: Bearer otra, x-request-id: abc } }\n`;
    expect(errorOf(`${HEAD}steps:\n${step}`)).toContain(`  - paso 1: request.headers.${name}: la cabecera Authorization se da con key (el alias de una clave, o null para no enviarla) o con authorization (el valor tal cual), no en headers`);
  });

  it('when a request step sets other headers and authorization, then the file is taken', () => {
    const step = '  - request: { method: GET, path: /v1/me, authorization: Bearer otra, headers: { x-request-id: abc } }\n';
    expect(parseScenario(`${HEAD}steps:\n${step}`, 'x.yaml').steps[0].request?.headers).toEqual({ 'x-request-id': 'abc' });
  });

  it.each([['0s'], ['2h'], ['pronto']])('when a request step\'s timeout is %s, then the file is refused saying what it takes', (timeout) => {
    expect(errorOf(`${HEAD}steps:\n  - request: { method: GET, path: /v1/me, timeout: ${timeout} }\n`)).toContain('paso 1: request.timeout: timeout debe ser una duración de 1s a 1h (30s, 2m)');
  });

  it.each([['1s'], ['1h'], ['2m30s']])('when a request step\'s timeout is %s, then it is taken', (timeout) => {
    expect(parseScenario(`${HEAD}steps:\n  - request: { method: GET, path: /v1/me, timeout: ${timeout} }\n`, 'x.yaml').steps[0].request?.timeout).toBe(timeout);
  });

  it('when a key is repeated in the YAML, then the error is Spanish', () => {
    expect(errorOf('name: a\nname: b\n')).toMatch(/línea 2, columna 1: clave repetida en el mismo objeto/);
  });

  it.each([
    ['a misspelt top-level key', `${HEAD}stpes: []\nsteps: [{ sync: true }]\n`, '(raíz): campo desconocido: stpes (se admiten name, description, seed, clockStart, tenants, steps; ¿quisiste decir steps?)'],
    ['a misspelt action', `${HEAD}steps: [{ requst: { method: GET, path: /v1/me } }]\n`, 'paso 1: campo desconocido: requst (se admiten name, request,'],
    ['a misspelt key of a tenant', `tenants: [{ as: f, nmae: F, name: F, keys: [{ as: k }] }]\nsteps: [{ sync: true }]\n`, 'tenants.0: campo desconocido: nmae (se admiten'],
    ['an unknown method', `${HEAD}steps: [{ request: { method: FETCH, path: /v1/me } }]\n`, 'paso 1: request.method: method debe ser uno de GET, POST, PATCH, PUT, DELETE'],
    ['a missing name', `tenants: [{ as: f, name: F, keys: [{ as: k }] }]\nsteps: [{ sync: true }]\n`, 'name: name es obligatorio'],
    // zod's own words ("Demasiado pequeño: se esperaba que arreglo tuviera >=1 elementos", "Entrada inválida: se esperaba true") read as a library's.
    ['no steps', `${HEAD}steps: []\n`, 'steps: steps debe tener al menos 1 elemento'],
    ['sync false', `${HEAD}steps: [{ sync: false }]\n`, 'paso 1: sync: sync debe ser true'],
    ['a scope that is none, in a list', 'tenants: [{ as: f, name: F, keys: [{ as: k, scopes: [vehicles:read, vehicles:red] }] }]\nsteps: [{ sync: true }]\n', 'tenants.0.keys.0.scopes.1: scopes[1] debe ser uno de'],
  ])('when the file has %s, then the message is Spanish and plain, naming the field (an unknown one in the control API\'s words)', (_case, text, line) => {
    expect(errorOf(text)).toContain(`  - ${line}`);
  });
});

describe('what the file shows before any request', () => {
  it.each([
    ['an undefined ${nope}', `- { request: { method: GET, path: "/v1/vehicles/\${nope}" } }`, 'paso 1: request.path: ${nope} no está definido'],
    ['a tenant never declared', `- { request: { method: GET, path: "/x/\${tenants.ghost.id}" } }`, 'paso 1: request.path: ${tenants.ghost.id}: el tenant ghost no está declarado en tenants'],
    ['a key never declared', `- { request: { method: GET, path: /v1/me, key: ghost } }`, 'paso 1: request.key: la clave ghost no está declarada en tenants[].keys'],
    ['a clock of a tenant never declared', `- { advanceClock: { duration: 1d, tenant: ghost } }`, 'paso 1: advanceClock.tenant: el tenant ghost no está declarado en tenants'],
    ['$length that is not a number', `- { sync: true, expect: { body: { data: { $length: six } } } }`, 'paso 1: expect.body.data.$length: $length debe ser un entero ≥ 0 o un comparador ({$gte: 1}) (recibido: "six")'],
    ['$gte that is not a number', `- { sync: true, expect: { body: { n: { $gte: many } } } }`, 'paso 1: expect.body.n.$gte: $gte debe ser un número (recibido: "many")'],
    ['a capture used before the step that makes it', `- { request: { method: GET, path: "/v1/vehicles/\${car}" } }\n  - { request: { method: GET, path: /v1/me }, capture: { car: body.id } }`, 'paso 1: request.path: ${car} no está definido'],
  ])('when a step uses %s, then the file is refused naming it', (_case, steps, line) => {
    expect(errorOf(`${HEAD}\nsteps:\n  ${steps}\n`)).toContain(`  - ${line}`);
  });

  it.each([
    ['a tenant with no fixture', '', 'vehicleIds[0]', '${tenants.fleet.fixture.vehicleIds[0]}: el tenant fleet no tiene fixture'],
    ['an index past the vehicles made', '{ vehicles: 1 }', 'vehicleIds[5]', '${tenants.fleet.fixture.vehicleIds[5]}: el fixture de fleet hace 1 vehículo (índices 0 a 0)'],
    ['the first index of a list the fixture leaves empty', '{ vehicles: 2, drivers: 2, registeredOn: [platform_b] }', 'assignmentIds[0]', '${tenants.fleet.fixture.assignmentIds[0]}: el fixture de fleet hace 0 asignaciones'],
    ['a list a fixture does not make', '{ vehicles: 2 }', 'vehicles[0]', '${tenants.fleet.fixture.vehicles[0]}: el fixture da vehicleIds, driverIds, assignmentIds'],
    ['a whole list, with no index, in the path', '{ vehicles: 2 }', 'vehicleIds', '${tenants.fleet.fixture.vehicleIds} es una lista: aquí va uno de sus ids, p. ej. ${tenants.fleet.fixture.vehicleIds[0]}'],
  ])('when a step uses %s of its fixture, then the file is refused naming what the fixture makes', (_case, fixture, path, line) => {
    const head = fixture ? HEAD.replace('    keys: [{ as: admin }]', `    keys: [{ as: admin }]\n    fixture: ${fixture}`) : HEAD;

    expect(errorOf(`${head}\nsteps:\n  - { request: { method: GET, path: "/v1/vehicles/\${tenants.fleet.fixture.${path}}" } }\n`)).toContain(`  - paso 1: request.path: ${line}`);
  });

  it('when a step puts the whole fixture in a path, then the file is refused; a whole list in a body or an expectation is a value and is taken', () => {
    const head = HEAD.replace('    keys: [{ as: admin }]', '    keys: [{ as: admin }]\n    fixture: { vehicles: 2 }');
    const asValues = '  - { request: { method: POST, path: /v1/x, body: { ids: "${tenants.fleet.fixture.vehicleIds}" } }, expect: { body: { ids: "${tenants.fleet.fixture.vehicleIds}" } } }\n';

    expect(errorOf(`${head}\nsteps:\n  - { request: { method: GET, path: "/x/\${tenants.fleet.fixture}" } }\n`))
      .toContain('  - paso 1: request.path: ${tenants.fleet.fixture} es el fixture entero: aquí va uno de sus ids, p. ej. ${tenants.fleet.fixture.vehicleIds[0]}');
    expect(parseScenario(`${head}\nsteps:\n${asValues}`, 'x.yaml').steps).toHaveLength(1);
  });

  it.each([
    ['a journal filter\'s path', '{ expectRequests: { path: "/v1/vehicles/${tenants.fleet.fixture.vehicleIds}", count: 1 } }', 'expectRequests.path'],
    ['a fault rule\'s path', '{ fault: { effect: internal, path: "/v1/vehicles/${tenants.fleet.fixture.vehicleIds}" } }', 'fault.path'],
    ['the vehicle a review names', '{ reviewVehicle: { vehicle: "${tenants.fleet.fixture.vehicleIds}", verdict: approved } }', 'reviewVehicle.vehicle'],
  ])('when a fixture\'s whole list is where one id goes (%s), then the file is refused there', (_case, step, where) => {
    const head = HEAD.replace('    keys: [{ as: admin }]', '    keys: [{ as: admin }]\n    fixture: { vehicles: 2 }');

    expect(errorOf(`${head}\nsteps:\n  - ${step}\n`)).toContain(`  - paso 1: ${where}: \${tenants.fleet.fixture.vehicleIds} es una lista: aquí va uno de sus ids`);
  });

  it('when a step uses the last index of each list its fixture makes, then the file is accepted', () => {
    const head = HEAD.replace('    keys: [{ as: admin }]', '    keys: [{ as: admin }]\n    fixture: { vehicles: 3, drivers: 2, registeredOn: [platform_b], assigned: true }');
    const paths = ['vehicleIds[2]', 'driverIds[1]', 'assignmentIds[1]'].map((p) => `"/x/\${tenants.fleet.fixture.${p}}"`);

    expect(parseScenario(`${head}\nsteps:\n${paths.map((p) => `  - { request: { method: GET, path: ${p} } }`).join('\n')}\n`, 'x.yaml').steps).toHaveLength(3);
  });

  it('when a capture of an earlier step, a built-in name or an escaped $${ is used, then the file is accepted', () => {
    const steps = [
      `- { request: { method: GET, path: /v1/me }, capture: { me: body.id } }`,
      `- { request: { method: GET, path: "/v1/x/\${me}/\${run.tag}/\${days[3]}/\${keys.admin.id}/\${tenants.fleet.id}/$\${literal}" }, expect: { body: { data: { $length: { $gte: 1 } } } } }`,
    ];

    expect(parseScenario(`${HEAD}\nsteps:\n  ${steps.join('\n  ')}\n`, 'x.yaml').steps).toHaveLength(2);
  });

  it('when the problems are in a block file, then each names the line of the field it is about, or of the nearest part the file has', () => {
    const text = 'name: t\ntenants:\n  - as: f\n    name: F\n    keys: [{ as: k }]\nsteps:\n  - name: uno\n    request:\n      method: GETT\n      path: /v1/me\n'
      + '  - request:\n      method: GET\n      path: v1/me\n    expect:\n      status: [200, 201]\n  - { pedir: { method: GET, path: /v1/me } }\n';

    expect(errorOf(text).split('\n').slice(1)).toEqual([
      '  - paso 1 ("uno"): request.method: method debe ser uno de GET, POST, PATCH, PUT, DELETE (línea 9)',
      '  - paso 2: request.path: debe empezar por / (línea 13)',
      '  - paso 2: expect.status: para admitir varios estados usa { $oneOf: [200,201] } (línea 15)',
      expect.stringMatching(/^ {2}- paso 3: campo desconocido: pedir \(se admiten .*\) \(línea 16\)$/),
      expect.stringMatching(/^ {2}- paso 3: cada paso lleva exactamente una acción .*; no tiene ninguna \(línea 16\)$/),
    ]);
  });

  it('when a key the file must have is missing, then its problem names no line', () => {
    expect(errorOf('name: t\nsteps: [{ sync: true }]\n').split('\n').slice(1)).toEqual(['  - tenants: tenants es obligatorio']);
  });

  it('when the file has shape errors, reference errors and no key at once, then all of them are listed together, in file order', () => {
    const text = `name: t\ntenants: [{ as: f, name: F }]\nsteps:\n  - { request: { method: FETCH, path: "/\${nope}", key: ghost } }\n  - { sync: true, expect: { body: { a: { $length: six } } } }\n`;

    expect(errorOf(text).split('\n').slice(1)).toEqual([
      '  - tenants: hace falta al menos una clave para llamar a la API, también con fixture (p. ej. keys: [{ as: admin }]) (línea 2)',
      '  - paso 1: request.method: method debe ser uno de GET, POST, PATCH, PUT, DELETE (línea 4)',
      '  - paso 1: request.path: ${nope} no está definido: ni es tenants, keys, run, days ni lo captura un paso anterior (línea 4)',
      '  - paso 1: request.key: la clave ghost no está declarada en tenants[].keys (línea 4)',
      '  - paso 2: expect.body.a.$length: $length debe ser un entero ≥ 0 o un comparador ({$gte: 1}) (recibido: "six") (línea 5)',
    ]);
  });

  it('when a step has problems of its shape and of its references on alternate lines, then they are listed line by line', () => {
    const steps = [
      '  - request:',
      '      method: FETCH',
      '      path: "/v1/vehicles/${nope}"',
      '      bogus: 1',
      '    expect: { status: 2000 }',
    ].join('\n');

    const lines = errorOf(`${HEAD}steps:\n${steps}\n`).split('\n').slice(1).map((line) => Number(/\(línea (\d+)\)$/.exec(line)?.[1]));

    expect(lines).toEqual([9, 10, 11, 12]);
  });

  it('when matchers deep in a block-style expect are wrong, then each is said at its own line and path, in the file\'s order', () => {
    const steps = [
      '  - request: { method: GET, path: /v1/vehicles }',
      '    expect:',
      '      status: 200',
      '      body:',
      '        data:',
      '          $length: six',
      '          $every:',
      '            plate: { $tpye: string }',
      '        hasMore: { $exists: maybe }',
    ].join('\n');

    expect(errorOf(`${HEAD}steps:\n${steps}\n`).split('\n').slice(1)).toEqual([
      '  - paso 1: expect.body.data.$length: $length debe ser un entero ≥ 0 o un comparador ({$gte: 1}) (recibido: "six") (línea 13)',
      '  - paso 1: expect.body.data.$every.plate.$tpye: comparador desconocido: $tpye. ¿Quisiste decir $type? (línea 15)',
      '  - paso 1: expect.body.hasMore.$exists: $exists debe ser true o false (recibido: "maybe") (línea 16)',
    ]);
  });
});

describe('scenario step expectRequests', () => {
  it('when it names a method, a path template and a count, then it parses', () => {
    const scenario = parseScenario(`${HEAD}\nsteps:\n  - expectRequests: { method: POST, path: "/v1/vehicles/{id}", count: 0, tenant: fleet }\n`, 'x.yaml');

    expect(scenario.steps[0].expectRequests).toEqual({ method: 'POST', path: '/v1/vehicles/{id}', count: 0, tenant: 'fleet' });
  });

  it.each([
    ['an operation', '{ operation: listVehicles, count: 1 }', { operation: 'listVehicles', count: 1 }],
    ['a status as a YAML number', '{ status: 404, count: 1 }', { status: '404', count: 1 }],
    ['a status class and a method in lower case', '{ method: get, status: 4XX, count: 2 }', { method: 'GET', status: '4xx', count: 2 }],
  ])('when it filters by %s, as the control API\'s journal does, then it parses to what the journal is sent', (_case, step, parsed) => {
    expect(parseScenario(`${HEAD}\nsteps:\n  - expectRequests: ${step}\n`, 'x.yaml').steps[0].expectRequests).toEqual(parsed);
  });

  it.each([
    ['the count is missing', '{ method: GET }', 'expectRequests.count: count es obligatorio: cuántas solicitudes se esperan'],
    ['the count is negative', '{ count: -1 }', 'expectRequests.count: count debe ser un número entero ≥ 0: cuántas solicitudes se esperan (recibido: -1)'],
    ['the count is text', '{ count: "2" }', 'expectRequests.count: count debe ser un número entero ≥ 0: cuántas solicitudes se esperan (recibido: "2")'],
    ['the count is a fraction', '{ count: 1.5 }', 'expectRequests.count: count debe ser un número entero ≥ 0: cuántas solicitudes se esperan (recibido: 1.5)'],
    ['the path does not start with /', '{ path: v1/me, count: 1 }', 'expectRequests.path: path debe empezar por /v1/, p. ej. /v1/vehicles/{id} o /v1/vehicles/5f0c…'],
    ['the method is unknown', '{ method: FETCH, count: 1 }', 'expectRequests.method: method debe ser un método HTTP, p. ej. GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS o TRACE'],
    ['the status is not a code or a class', '{ status: 200x, count: 1 }', 'expectRequests.status: status debe ser un código HTTP (p. ej. 404), una clase (p. ej. 4xx) o none (sin respuesta)'],
    ['the status is neither text nor a number', '{ status: true, count: 1 }', 'expectRequests.status: status debe ser un código HTTP (p. ej. 404), una clase (p. ej. 4xx) o none (sin respuesta)'],
    ['a field is unknown', '{ count: 1, stauts: 200 }', 'expectRequests: campo desconocido: stauts (se admiten method, path, operation, status, count, tenant; ¿quisiste decir status?)'],
    ['a paging field of the journal is given', '{ count: 1, limit: 5 }', 'expectRequests: campo desconocido: limit (se admiten method, path, operation, status, count, tenant)'],
  ])('when %s, then the file is refused naming the step and the field', (_case, step, line) => {
    expect(errorOf(`${HEAD}\nsteps:\n  - expectRequests: ${step}\n`)).toContain(`  - paso 1: ${line}`);
  });

  it('when it shares the step with a request, then the file is refused', () => {
    expect(errorOf(`${HEAD}\nsteps:\n  - { expectRequests: { count: 1 }, request: { method: GET, path: /v1/me } }\n`)).toMatch(/exactamente una acción/);
  });
});

describe('scenario step fault', () => {
  it.each([
    ['a rule', '{ tenant: fleet, effect: rate_limited, operation: createVehicle, times: 2, retryAfter: 2 }'],
    ['a platform failing for the world', '{ platform: platform_b, mode: slow, ms: 200 }'],
    ['a path made of a capture', '{ effect: internal, path: "/v1/vehicles/${run.tag}" }'],
  ])('when it is %s, then it parses as written (the testbed fills in the defaults)', (_case, fault) => {
    const scenario = parseScenario(`${HEAD}\nsteps:\n  - fault: ${fault}\n`, 'x.yaml');

    expect(scenario.steps[0].fault).not.toHaveProperty('when');
    expect(scenario.steps[0].fault).not.toHaveProperty('probability');
  });

  it('when a field is a ${…} template, then it is left to the testbed when the step runs, its value known then', () => {
    const steps = '  - { request: { method: GET, path: /v1/me }, capture: { tries: body.tries } }\n  - fault: { effect: internal, times: "${tries}" }\n';

    expect(parseScenario(`${HEAD}\nsteps:\n${steps}`, 'x.yaml').steps[1].fault).toEqual({ effect: 'internal', times: '${tries}' });
  });

  it.each([
    ['an unknown effect and no time', '{ effect: explode, times: 0 }', ['fault.effect: effect debe ser uno de: rate_limited, unavailable, internal, delay, reset', 'fault.times: times debe ser al menos 1']],
    ['a probability above 1', '{ effect: internal, probability: 2 }', ['fault.probability: probability va de 0 a 1']],
    ['delay without delayMs', '{ effect: delay }', ['fault.delayMs: delayMs es obligatorio con effect delay']],
    ['an operation with a path', '{ effect: internal, operation: createVehicle, path: /v1/vehicles }', ['fault.operation: operation no se combina con method ni path: elige una forma de elegir peticiones']],
    ['a misspelt field', '{ effect: internal, time: 2 }', ['fault: campo desconocido: time (se admiten effect, operation, method, path, times, after, probability, retryAfter, delayMs, when; ¿quisiste decir times?)']],
    ['an unknown platform', '{ platform: platform_c, mode: error }', ['fault.platform: platform debe ser platform_a o platform_b']],
  ])('when it has %s, then the file is refused naming the step and the field, as the control API would', (_case, fault, lines) => {
    const message = errorOf(`${HEAD}\nsteps:\n  - { sync: true }\n  - { name: caída, fault: ${fault} }\n`);

    expect(message.split('\n').slice(1)).toEqual(lines.map((line) => `  - paso 2 ("caída"): ${line} (línea 10)`));
  });
});

describe('scenario steps saveSnapshot and restoreSnapshot', () => {
  it.each([
    ['a name alone (the first tenant)', 'saveSnapshot: inicio', 'inicio'],
    ['a name and a tenant', 'restoreSnapshot: { name: dia-2, tenant: fleet }', { name: 'dia-2', tenant: 'fleet' }],
    ['what it clears besides', 'restoreSnapshot: { name: dia-2, clearFaults: true, clearRequests: true }', { name: 'dia-2', clearFaults: true, clearRequests: true }],
    ['a 64-character name', `saveSnapshot: ${'a'.repeat(64)}`, 'a'.repeat(64)],
    ['a name made of a capture', 'saveSnapshot: "antes-${run.tag}"', 'antes-${run.tag}'],
  ])('when it has %s, then it parses as written', (_case, step, parsed) => {
    const [action] = step.split(':');
    // A restore needs an earlier save of its snapshot (below).
    const before = action === 'restoreSnapshot' ? '  - saveSnapshot: { name: dia-2, tenant: fleet }\n' : '';
    const scenario = parseScenario(`${HEAD}\nsteps:\n${before}  - ${step}\n`, 'x.yaml');

    expect(scenario.steps.at(-1)![action as 'saveSnapshot' | 'restoreSnapshot']).toEqual(parsed);
  });

  it.each([
    ['no save at all', '  - restoreSnapshot: inicio\n'],
    ['the save after the restore', '  - restoreSnapshot: inicio\n  - saveSnapshot: inicio\n'],
    ['another name saved', '  - saveSnapshot: otro\n  - restoreSnapshot: inicio\n'],
    ['the same name saved in another world', '  - saveSnapshot: { name: inicio, tenant: other }\n  - restoreSnapshot: inicio\n'],
  ])('when a restore\'s snapshot is saved by no earlier step of its world (%s), then the file is refused before any world is made', (_case, steps) => {
    const head = `${HEAD}\n  - { as: other, name: Otra }`;

    expect(errorOf(`${head}\nsteps:\n${steps}`)).toContain('restoreSnapshot: ningún paso anterior guarda la instantánea inicio del tenant fleet (saveSnapshot): los mundos del archivo son siempre nuevos');
  });

  it.each([
    ['saved by an earlier step, the first tenant named or not', '  - saveSnapshot: inicio\n  - restoreSnapshot: { name: inicio, tenant: fleet }\n'],
    ['a save of a templated name before it', '  - saveSnapshot: "x-${run.tag}"\n  - restoreSnapshot: inicio\n'],
    ['a templated name itself', '  - restoreSnapshot: "x-${run.tag}"\n'],
  ])('when a restore is %s, then the file is taken', (_case, steps) => {
    expect(() => parseScenario(`${HEAD}\nsteps:\n${steps}`, 'x.yaml')).not.toThrow();
  });

  it.each([
    ['a 65-character name', `saveSnapshot: ${'a'.repeat(65)}`, `saveSnapshot: Nombre de instantánea no válido: «${'a'.repeat(65)}» (de 1 a 64 letras minúsculas, dígitos o guiones).`],
    ['capitals in the name', 'restoreSnapshot: { name: Inicio }', 'restoreSnapshot.name: Nombre de instantánea no válido: «Inicio» (de 1 a 64 letras minúsculas, dígitos o guiones).'],
    ['a tenant the file does not declare', 'saveSnapshot: { name: inicio, tenant: ghost }', 'saveSnapshot.tenant: el tenant ghost no está declarado en tenants'],
    ['a tenant the file does not declare, in a restore', 'restoreSnapshot: { name: inicio, tenant: ghost }', 'restoreSnapshot.tenant: el tenant ghost no está declarado en tenants'],
    ['a misspelt field', 'restoreSnapshot: { nombre: inicio }', 'restoreSnapshot: debe ser el nombre de la instantánea (inicio) o {name, tenant?, clearFaults?, clearRequests?}: name el nombre, tenant el alias de un tenant del archivo, clearFaults y clearRequests true o false'],
    ['clearFaults in a save', 'saveSnapshot: { name: inicio, clearFaults: true }', 'saveSnapshot: campo desconocido: clearFaults (se admiten name, tenant)'],
    ['clearRequests not a boolean', 'restoreSnapshot: { name: "x-${run.tag}", clearRequests: si }', 'restoreSnapshot: debe ser el nombre de la instantánea (inicio) o {name, tenant?, clearFaults?, clearRequests?}: name el nombre, tenant el alias de un tenant del archivo, clearFaults y clearRequests true o false'],
    ['a number', 'saveSnapshot: 42', 'saveSnapshot: debe ser el nombre de la instantánea (inicio) o {name, tenant?}: name el nombre, tenant el alias de un tenant del archivo'],
  ])('when it has %s, then the file is refused naming the step, with that one problem', (_case, step, line) => {
    const message = errorOf(`${HEAD}\nsteps:\n  - ${step}\n`);

    expect(message).toContain(`  - paso 1: ${line}`);
    expect(message.split('\n').filter((l) => l.startsWith('  - '))).toHaveLength(1);
  });
});
