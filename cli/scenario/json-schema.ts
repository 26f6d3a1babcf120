import { z } from 'zod';
import { ACTIONS, Scenario } from './schema.ts';

/** Where the shipped scenarios' editors find it (package.json `files`, the build's asset trees). */
export const SCHEMA_FILE = 'schemas/scenario.schema.json';

/**
 * The scenario format as JSON Schema, for editors (yaml-language-server) and other tools: the same
 * zod schema the CLI validates with, as its input (defaults optional). What only code can check
 * (declared names, operators, durations) stays with `scenario run`; one action per step is added
 * here as "at least one of", which JSON Schema says plainly.
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(Scenario, { io: 'input', unrepresentable: 'any' }) as Record<string, any>;
  schema.properties.steps.items.anyOf = ACTIONS.map((action) => ({ required: [action] }));
  return {
    $schema: schema.$schema,
    title: 'Escenario de fleet-sim (docs/scenarios.md)',
    ...schema,
  };
}

export const scenarioJsonSchemaText = () => `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
