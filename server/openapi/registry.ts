import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { Scope } from '../auth/scopes.ts';
import type { ErrorCode } from '../errors.ts';
import type { Services } from '../services.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type SuccessStatus = 200 | 201 | 202 | 204;
export type ErrorStatus = 400 | 403 | 404 | 409 | 413 | 415 | 422 | 503;

/** A success body: the zod schema alone, or with a description of when this status is answered (and the headers it carries). */
export type SuccessResponse = z.ZodType | { schema?: z.ZodType; description: string; headers?: z.ZodObject };

/**
 * Who may call: `public` needs no key (health), `key` needs only a valid key (me, catalogs),
 * a scope needs a key holding it (spec §4, contract §3).
 */
export type Access = 'public' | 'key' | Scope;

/** Success statuses with their body; error statuses with the codes answered under them. */
export type DeclaredResponses = Partial<Record<SuccessStatus, SuccessResponse>> & Partial<Record<ErrorStatus, ErrorCode[]>>;

/**
 * What every declared operation carries, whichever API serves it: the partner API (`/v1`, below)
 * or the testbed's control API (`/_testbed`, server/control/define.ts). The same object is served
 * and documented, so neither can exist without the other. `Context` is what its handler works with.
 */
export interface DeclaredOperation<Path extends string, Context> {
  method: HttpMethod;
  /** OpenAPI template, `{id}` style, with the API's prefix. */
  path: Path;
  operationId: string;
  summary: string;
  description?: string;
  /** Each tag gets its description from its API's list; the linter test fails on one without. */
  tags: [string, ...string[]];
  /**
   * The schemas the handler parses with, shown in the document. The handler parses them itself,
   * where the order of checks (404 before 400) and the error codes it owes ask (docs/openapi.md).
   */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body; its input side (before transforms) is what the document shows. */
  body?: z.ZodType;
  /** The body may be left out: none (no bytes, of any type) reaches the handler as `{}` (control/register.ts); not `required` in the document. */
  bodyOptional?: boolean;
  responses: DeclaredResponses;
  /** Runs once the request has passed its API's gate; Express 5 answers a rejected promise through the error handler. */
  handler: (req: Request, res: Response, context: Context) => unknown;
}

/**
 * One operation of the partner API, declared once next to its resource: served by
 * http/v1-routes.ts and documented by document.ts. Only what the operation adds is declared: 401,
 * 403 (TENANT_PENDING, INSUFFICIENT_SCOPE), 413 FILE_TOO_LARGE and 429 come from `scope`; 400
 * VALIDATION and 500 are on every operation; 503 on every one behind a key (see document.ts).
 */
export interface OperationSpec extends DeclaredOperation<`/v1/${string}`, Services> {
  scope: Access;
  /** Any other body, by media type (e.g. `multipart/form-data`). */
  content?: Record<string, z.ZodType>;
}

/** Identity at runtime; exists so each operation is type-checked where it is written. */
export function defineOperation(spec: OperationSpec): OperationSpec {
  return spec;
}

/** `/v1/vehicles/{id}` → `/v1/vehicles/:id`, the form Express routes. */
export const toExpressPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/** Compile-time proof that a response schema and the TypeScript view the code returns are the same type. */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export type Assert<T extends true> = T;
