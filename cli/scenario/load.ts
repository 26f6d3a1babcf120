import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { Scenario } from './schema.ts';

export class ScenarioFileError extends Error {}

/** `steps[3].request.method` → `paso 4 ("crear vehículo"): request.method`, so the author finds it. */
function where(path: PropertyKey[], raw: unknown): string {
  if (path[0] === 'steps' && typeof path[1] === 'number') {
    const step = (raw as { steps?: Array<{ name?: unknown }> }).steps?.[path[1]];
    const name = typeof step?.name === 'string' ? ` ("${step.name}")` : '';
    const rest = path.slice(2).join('.');
    return `paso ${path[1] + 1}${name}${rest ? `: ${rest}` : ''}`;
  }
  return path.length ? path.join('.') : '(raíz)';
}

export function formatIssues(error: z.ZodError, raw: unknown): string {
  return error.issues.map((issue) => `  - ${where(issue.path, raw)}: ${issue.message}`).join('\n');
}

/** Parses and validates a scenario (YAML; JSON is YAML too), all errors at once, before anything runs. */
export function parseScenario(text: string, file: string): Scenario {
  let raw: unknown;
  try {
    raw = parseYaml(text, { prettyErrors: true });
  } catch (err) {
    throw new ScenarioFileError(`${file}: no es YAML ni JSON válido: ${(err as Error).message}`);
  }
  const parsed = Scenario.safeParse(raw);
  if (!parsed.success) throw new ScenarioFileError(`${file}: el escenario no es válido:\n${formatIssues(parsed.error, raw)}`);
  return parsed.data;
}

export function loadScenario(file: string): Scenario {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ScenarioFileError(`no se puede leer ${file}: ${(err as Error).message}`);
  }
  return parseScenario(text, file);
}
