// Writes schemas/scenario.schema.json from the zod schema; test/unit/scenario-json-schema.test.ts fails when it is stale.
import { writeFileSync } from 'node:fs';
import { SCHEMA_FILE, scenarioJsonSchemaText } from '../cli/scenario/json-schema.ts';

writeFileSync(new URL(`../${SCHEMA_FILE}`, import.meta.url), scenarioJsonSchemaText());
