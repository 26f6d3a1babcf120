import { AppError } from '../../server/errors.ts';
import { createOperationCatalog } from '../../server/faults/operations.ts';
import { isPlatformFault } from '../../server/faults/schema.ts';
import { OPERATIONS } from '../../server/openapi/operations.ts';
import { formatIssues } from './load.ts';
import type { Problem } from './references.ts';
import type { Scenario } from './schema.ts';

// Loaded with the server (scenario.ts, before a run that loads it anyway): the document's operations
// are what these checks read, and a file's reading alone (load.ts) stays free of them.
const catalog = createOperationCatalog(OPERATIONS);

/** `${…}` is rendered when the step runs: such a field is checked then, by the testbed. */
const literal = (value: unknown): value is string => typeof value === 'string' && !value.includes('${');

function refusal(path: PropertyKey[], check: () => void): Problem[] {
  try {
    check();
    return [];
  } catch (err) {
    if (err instanceof AppError) return [{ path, message: err.message }];
    throw err;
  }
}

/**
 * What a fault step or an expectRequests step targets, checked against the document as the control
 * API checks it (server/faults/operations.ts): an operation or path no route has, health's reads (no
 * world's), a path with a query. Caught as the file is read, not once its worlds and fixtures are made.
 */
export function targetProblems(scenario: Scenario, file: string): string | null {
  const problems = scenario.steps.flatMap((step, i): Problem[] => {
    const at = (action: string, field: string) => ['steps', i, action, field];
    const found: Problem[] = [];
    const fault = step.fault as Record<string, unknown> | undefined;
    if (fault && !isPlatformFault(fault)) {
      const { operation, method, path } = fault;
      if (literal(operation)) found.push(...refusal(at('fault', 'operation'), () => catalog.requireOperation(operation)));
      if (literal(path)) {
        found.push(...refusal(at('fault', 'path'), () => {
          catalog.requireRoutePath(path);
          // A templated method is known only when the step runs (it may be a POST health takes with a key).
          if (method === undefined || literal(method)) catalog.requireKeyed(method?.toUpperCase(), path);
        }));
      }
    }
    const expected = step.expectRequests;
    if (expected) {
      if (literal(expected.operation)) found.push(...refusal(at('expectRequests', 'operation'), () => catalog.requireOperation(expected.operation!)));
      if (literal(expected.path)) found.push(...refusal(at('expectRequests', 'path'), () => catalog.requirePath(expected.path!)));
    }
    return found;
  });
  return problems.length ? `${file}: el escenario no es válido:\n${formatIssues(problems, scenario)}` : null;
}
