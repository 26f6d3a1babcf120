import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SCHEMA_FILE, scenarioJsonSchemaText } from '../../cli/scenario/json-schema.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCENARIOS = join(ROOT, 'fixtures/scenarios');
const SHIPPED = readdirSync(SCENARIOS).filter((f) => f.endsWith('.yaml'));
const schemaText = readFileSync(join(ROOT, SCHEMA_FILE), 'utf8');
const ajv = new Ajv2020Module.default({ allErrors: true, strict: false });
addFormats.default(ajv);
const validate = ajv.compile(JSON.parse(schemaText));

const VALID = { name: 't', tenants: [{ as: 'f', name: 'F', keys: [{ as: 'k' }] }], steps: [{ request: { method: 'GET', path: '/v1/me' } }] };

describe('the scenario JSON Schema', () => {
  it('when the zod schema is turned into JSON Schema, then it is the shipped file (npm run scenario-schema writes it)', () => {
    expect(schemaText).toBe(scenarioJsonSchemaText());
  });

  it('when the package is packed, then the schema ships in it', () => {
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).files).toContain('schemas/');
  });

  it.each(SHIPPED)('when %s is checked, then it names the schema for editors and the schema accepts it', (file) => {
    const text = readFileSync(join(SCENARIOS, file), 'utf8');
    const named = /^# yaml-language-server: \$schema=(\S+)$/m.exec(text)?.[1];

    expect(named && resolve(dirname(join(SCENARIOS, file)), named)).toBe(join(ROOT, SCHEMA_FILE));
    expect(validate(parse(text)), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each([
    ['a misspelt key', { ...VALID, stpes: [] }],
    ['an unknown method', { ...VALID, steps: [{ request: { method: 'FETCH', path: '/v1/me' } }] }],
    ['a step without an action', { ...VALID, steps: [{ name: 'nada' }] }],
    ['no tenant', { ...VALID, tenants: [] }],
  ])('when a scenario has %s, then the schema refuses it', (_case, scenario) => {
    expect(validate(VALID)).toBe(true);
    expect(validate(scenario)).toBe(false);
  });
});
