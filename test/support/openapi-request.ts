import Ajv2020Module, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openApiDocument, type OpenApiDocument } from '../../server/openapi/document.ts';

/**
 * Requests judged by the published document, as a schema-driven client or fuzzer judges them:
 * ajv (JSON Schema 2020-12, formats on) on each query parameter and the JSON body of an operation.
 * Tests send the same request to the API and demand the same verdict.
 */
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: { format?: string; description?: string; enum?: string[] };
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { $ref?: string };
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export function createRequestJudge(doc: OpenApiDocument = openApiDocument()) {
  const ajv = new Ajv2020Module.default({ strict: false });
  addFormatsModule.default(ajv);
  ajv.addSchema(doc as object, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const validator = (ref: string) => {
    let validate = compiled.get(ref);
    if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: ref })));
    return validate;
  };
  const operation = (method: string, path: string) => {
    const op = (doc.paths?.[path] as Record<string, Operation> | undefined)?.[method];
    if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
    return op;
  };
  const parameters = (method: string, path: string) => operation(method, path).parameters ?? [];

  /** True when the document admits these query parameters (each present one valid, every required one present). */
  function acceptsQuery(method: string, path: string, query: Record<string, string>): boolean {
    const params = parameters(method, path).filter((p) => p.in === 'query');
    if (params.some((p) => p.required && !(p.name in query))) return false;
    return Object.entries(query).every(([name, value]) => {
      const index = params.findIndex((p) => p.name === name);
      if (index < 0) return true; // an unknown query parameter is ignored by the API, and allowed by OpenAPI
      return validator(`openapi.json#/paths/${escape(path)}/${method}/parameters/${index}/schema`)(value);
    });
  }

  /** True when the document admits this JSON body. */
  function acceptsBody(method: string, path: string, body: unknown): boolean {
    const ref = operation(method, path).requestBody?.$ref;
    if (!ref) throw new Error(`${method.toUpperCase()} ${path} declares no request body`);
    return validator(`openapi.json${ref}/content/application~1json/schema`)(body);
  }

  /** Every operation with a query parameter of `format: date`, with the names of those parameters. */
  function dateParameters(): { path: string; names: string[]; required: Parameter[] }[] {
    return Object.keys(doc.paths ?? {}).flatMap((path) => {
      const item = doc.paths![path] as Record<string, Operation>;
      if (!item.get) return [];
      const params = parameters('get', path).filter((p) => p.in === 'query');
      const names = params.filter((p) => p.schema.format === 'date').map((p) => p.name);
      return names.length ? [{ path, names, required: params.filter((p) => p.required) }] : [];
    });
  }

  return { acceptsQuery, acceptsBody, parameters, dateParameters };
}
