import Ajv2020Module, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openApiDocument, type OpenApiDocument } from '../../server/openapi/document.ts';
import { controlDocument } from '../../server/control/document.ts';
import { takeRecords, type RecordedResponse } from './openapi-records.ts';

export { allowUndeclaredResponses, recordResponses, type RecordedResponse } from './openapi-records.ts';

/**
 * Every response an API test receives is checked against the served OpenAPI documents: the partner
 * API's for `/v1`, the control API's for `/_testbed`. Its status must be declared for the operation
 * and its JSON body must validate. makeTestApp installs the recorder (openapi-records.ts);
 * test/support/openapi-setup.ts fails the test in afterEach. See docs/openapi.md.
 */

/** The documents themselves, the documentation pages and the QA dashboard are described by no document. */
const EXEMPT = [/^\/docs(\/|$)/, /^\/v1\/openapi\.json$/, /^\/_testbed\/openapi\.json$/, /^\/dashboard(\/|$)/];
const CONTROL = /^\/_testbed(\/|$)/;

interface Operation {
  label: string;
  method: string;
  pointer: string;
  pattern: RegExp;
  literals: number;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

/**
 * The check wants exactly the documented fields: response objects are closed here, not in the
 * document. Parts of an allOf stay open, since each would reject the other parts' fields.
 */
function closeObjects(node: unknown, partOfAllOf = false): void {
  if (Array.isArray(node)) return node.forEach((n) => closeObjects(n, partOfAllOf));
  if (typeof node !== 'object' || node === null) return;
  const obj = node as Record<string, unknown>;
  if (!partOfAllOf && obj.type === 'object' && obj.properties && obj.additionalProperties === undefined) obj.additionalProperties = false;
  for (const [key, value] of Object.entries(obj)) closeObjects(value, key === 'allOf');
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export function createChecker(doc: OpenApiDocument) {
  const closed = structuredClone(doc) as OpenApiDocument;
  closeObjects(closed.components);
  closeObjects(closed.paths);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(closed as object, 'openapi.json');

  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(closed.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Operation['responses'] | undefined>)) {
      const responses = (op as { responses?: Operation['responses'] } | undefined)?.responses;
      if (!responses) continue;
      const segments = path.split('/');
      operations.push({
        label: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        pointer: `openapi.json#/paths/${escapePointer(path)}/${method}`,
        pattern: new RegExp(`^${segments.map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}/?$`),
        literals: segments.filter((s) => !s.startsWith('{')).length,
        responses,
      });
    }
  }
  const validators = new Map<string, ValidateFunction>();

  /** Literal segments win over parameters: `/drivers/invitations/batch` is not `/drivers/{id}/…`. */
  const find = (method: string, path: string) =>
    operations.filter((op) => op.method === method && op.pattern.test(path)).sort((a, b) => b.literals - a.literals)[0];

  function violations(r: RecordedResponse): string[] {
    if (EXEMPT.some((re) => re.test(r.path))) return [];
    const op = find(r.method, r.path);
    if (!op) {
      // A method the path was not declared with: no operation owns the 405, the envelope still holds.
      if (r.status === 405) return envelopeViolations(r);
      // No route matched either: the API's own 404 for an unknown path, which no operation owns.
      return r.route ? [`${r.method} ${r.path} answered ${r.status} from route ${r.route}, which is not in the OpenAPI document (declare it with defineOperation)`] : [];
    }
    const response = op.responses[String(r.status)];
    if (!response) return [`${op.label} answered status ${r.status}, not declared (declared: ${Object.keys(op.responses).join(', ')})`];
    const media = response.content?.['application/json'];
    if (!media?.schema) return r.body === undefined ? [] : [`${op.label} ${r.status} sent a JSON body the document does not declare`];
    if (r.body === undefined) return [`${op.label} ${r.status} declares a JSON body but none was sent`];
    const key = `${op.pointer}/${r.status}`;
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile({ $ref: `${op.pointer}/responses/${r.status}/content/application~1json/schema` });
      validators.set(key, validate);
    }
    if (validate(r.body)) return [];
    const body = JSON.stringify(r.body);
    return [`${op.label} ${r.status} body does not match the document: ${ajv.errorsText(validate.errors, { separator: '; ' })}\n    body: ${body.length > 600 ? `${body.slice(0, 600)}…` : body}`];
  }

  function envelopeViolations(r: RecordedResponse): string[] {
    if (r.body === undefined) return [`${r.method} ${r.path} ${r.status} sent no error envelope`];
    envelope ??= ajv.compile({ $ref: 'openapi.json#/components/schemas/Error' });
    if (envelope(r.body)) return [];
    return [`${r.method} ${r.path} ${r.status} body is not the error envelope: ${ajv.errorsText(envelope.errors, { separator: '; ' })}`];
  }
  let envelope: ValidateFunction | undefined;

  return { violations, find };
}

let partner: ReturnType<typeof createChecker> | undefined;
let control: ReturnType<typeof createChecker> | undefined;
const checkerFor = (path: string) =>
  CONTROL.test(path) ? (control ??= createChecker(controlDocument() as OpenApiDocument)) : (partner ??= createChecker(openApiDocument()));

/** What went wrong since the last call; clears the records and the opt-out. Used by openapi-setup.ts. */
export function takeViolations(): string[] {
  const { recorded: mine, optOut: allowed } = takeRecords();
  if (mine.length === 0) return [];
  return mine
    .filter((r) => !(allowed && (allowed.status === undefined || allowed.status === r.status)))
    .flatMap((r) => checkerFor(r.path).violations(r));
}
