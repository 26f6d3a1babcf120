import { AppError } from '../../server/errors.ts';
import { createOperationCatalog } from '../../server/faults/operations.ts';
import { isPlatformFault } from '../../server/faults/schema.ts';
import { OPERATIONS } from '../../server/openapi/operations.ts';
import type { Problem } from './references.ts';
import { spokenList } from '../../server/lib/human-text.ts';

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

/** A field of a step as the file has it (the schema may have refused the step: read it all the same). */
const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * What a fault step or an expectRequests step targets, checked against the document as the control
 * API checks it (server/faults/operations.ts): an operation or path no route has, health's reads (no
 * world's), a path with a query. Caught as the file is read, not once its worlds and fixtures are made,
 * and read from the file as it is, so they are said with its other problems (load.ts), all at once.
 */
export function targetProblems(raw: unknown): Problem[] {
  const steps = record(raw)?.steps;
  if (!Array.isArray(steps)) return [];
  return steps.flatMap((step, i): Problem[] => {
    const found: Problem[] = [];
    const fault = record(record(step)?.fault);
    if (fault && !isPlatformFault(fault)) {
      const { operation, method, path } = fault;
      found.push(...refusal(['steps', i, 'fault'], () => catalog.requireRuleTargets({
        operation: literal(operation) ? operation : undefined,
        path: literal(path) ? path : undefined,
        // A templated method is known only when the step runs (it may be a POST health takes with a key).
        method: method === undefined ? undefined : literal(method) ? method.toUpperCase() : null,
      })));
    }
    const expected = record(record(step)?.expectRequests);
    if (expected) {
      const at = ['steps', i, 'expectRequests'];
      const { operation, path, method, count } = expected;
      if (literal(operation)) found.push(...refusal(at, () => catalog.requireOperation(operation)));
      if (literal(path)) {
        const refused = refusal(at, () => (count === 0 ? catalog.requirePath(path) : catalog.requireJournaledPath(path, literal(method) ? method.toUpperCase() : undefined)));
        found.push(...(refused.length > 0 || count !== 0 ? refused : noneExpectedProblems(at, path, method)));
      }
    }
    return found;
  });
}

/**
 * `count: 0` on a path the document has not (`/v1/vehicle`), or with a method its route has not, or
 * on health's reads: the journal keeps 404s and 405s, so such a step checks only that nothing asked
 * for what no route serves, and passes whatever the code does on the routes it meant. A typo far more
 * often than a test: refused, saying so.
 */
function noneExpectedProblems(at: PropertyKey[], path: string, method: unknown): Problem[] {
  const journaled = catalog.journaledMethods(path);
  const meant = (what: string, it: 'la' | 'lo') => `con count: 0 el paso solo comprueba que nada pidió ${what}; ¿un error al escribir${it}?`;
  if (journaled === 'keyless') {
    return [{ path: [...at, 'path'], message: `${path} se lee sin clave de API: sus peticiones no entran en el diario de ningún mundo, y count: 0 se cumpliría siempre.` }];
  }
  if (journaled.length === 0) return [{ path: [...at, 'path'], message: `path «${path}» no es una ruta del documento (/v1/openapi.json): ${meant('esa ruta', 'la')}` }];
  const verb = literal(method) ? method.toUpperCase() : null;
  if (verb === null || journaled.includes(verb)) return [];
  const methods = spokenList(journaled);
  return [{ path: [...at, 'method'], message: `${verb} ${path} no es una operación del documento: esa ruta admite ${methods}; ${meant('ese método', 'lo')}` }];
}
