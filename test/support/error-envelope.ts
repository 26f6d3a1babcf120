import { expect } from 'vitest';

export type Res = { status: number; body: any; headers: Record<string, string>; text: string };

/** A message reads as Spanish: Spanish function words or letters, and none of the usual English ones. */
function expectSpanish(message: string) {
  expect(message).toMatch(/[áéíóúñ¿¡]|\b(el|la|los|las|de|del|no|es|debe|un|una|ya|con|se)\b/i);
  expect(message).not.toMatch(/\b(the|invalid|must|required|expected|received|cannot|not found|failed)\b/i);
}

/** No stack frame, file path or JS error name may reach a client. */
function expectNoStack(res: Res) {
  expect(res.text).not.toMatch(/\bat \S+ \(|\.ts:\d+|\.js:\d+|node_modules|\/work\/|Error:|stack/i);
}

/** The API's error envelope, whole: status, JSON, code, Spanish message, details, requestId = X-Request-Id, no stack. */
export function expectEnvelope(res: Res, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(res.body)).toEqual(['error']);
  expect(Object.keys(res.body.error).sort()).toEqual(['code', 'details', 'message', 'requestId']);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.message.length).toBeGreaterThan(0);
  expectSpanish(res.body.error.message);
  expect(res.body.error.details === null || typeof res.body.error.details === 'object').toBe(true);
  expect(res.body.error.requestId).toMatch(/^req_[0-9a-f]{32}$/);
  expect(res.headers['x-request-id']).toBe(res.body.error.requestId);
  expectNoStack(res);
}

/** A 405 for a method the path does not have: VALIDATION in the envelope, the path's methods in Allow and in the message. */
export function expectMethodNotAllowed(res: Res, method: string, path: string, allow: string) {
  expect(res.status).toBe(405);
  expect(res.headers.allow).toBe(allow);
  expect(res.body.error).toEqual({
    code: 'VALIDATION',
    message: `El método ${method.toUpperCase()} no está permitido en ${path}; métodos permitidos: ${allow}.`,
    details: null,
    requestId: res.headers['x-request-id'],
  });
}
