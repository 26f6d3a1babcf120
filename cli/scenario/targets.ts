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

/** A check's 400 as the file's problem, at the field its details name (`fault.path`). */
function refusal(at: PropertyKey[], check: () => void): Problem[] {
  try {
    check();
    return [];
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const field = (err.details as { field?: string }[] | null)?.[0]?.field;
    return [{ path: field === undefined ? at : [...at, field], message: err.message }];
  }
}

/**
 * What a fault step or an expectRequests step targets, checked against the document as the control
 * API checks it (server/faults/operations.ts): an operation or path no route has, health's reads (no
 * world's), a path with a query. Caught as the file is read, not once its worlds and fixtures are made.
 */
export function targetProblems(scenario: Scenario, file: string): string | null {
  const problems = scenario.steps.flatMap((step, i): Problem[] => {
    const found: Problem[] = [];
    const fault = step.fault as Record<string, unknown> | undefined;
    if (fault && !isPlatformFault(fault)) {
      const { operation, method, path } = fault;
      found.push(...refusal(['steps', i, 'fault'], () => catalog.requireRuleTargets({
        operation: literal(operation) ? operation : undefined,
        path: literal(path) ? path : undefined,
        // A templated method is known only when the step runs (it may be a POST health takes with a key).
        method: method === undefined ? undefined : literal(method) ? method.toUpperCase() : null,
      })));
    }
    const expected = step.expectRequests;
    if (expected) {
      const at = ['steps', i, 'expectRequests'];
      if (literal(expected.operation)) found.push(...refusal(at, () => catalog.requireOperation(expected.operation!)));
      if (literal(expected.path)) found.push(...refusal(at, () => catalog.requirePath(expected.path!)));
    }
    return found;
  });
  return problems.length ? `${file}: el escenario no es válido:\n${formatIssues(problems, scenario)}` : null;
}
