import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { controlDocument } from '../../server/control/document.ts';
import { openApiDocument, type OpenApiDocument } from '../../server/openapi/document.ts';
import { makeTestApp } from '../support/app.ts';
import { allowUndeclaredResponses, createChecker, recordResponses, takeViolations, type RecordedResponse } from '../support/openapi-check.ts';

/** The check every API test gets for free (test/support/openapi-setup.ts) must itself catch drift. */
const check = createChecker(openApiDocument());
const ME = {
  tenantId: '7f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  tenantName: 'Flota',
  keyId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  keyPrefix: 'fk_test_0123456789ab',
  scopes: ['vehicles:read'],
  environment: 'test',
};
const response = (r: Partial<RecordedResponse>): RecordedResponse => ({ method: 'GET', path: '/v1/me', route: '/v1/me', status: 200, body: ME, ...r });
const envelope = (code: string) => ({ error: { code, message: 'x', details: null, requestId: 'req_1' } });

describe('the response check', () => {
  it('when a response matches the document, then it reports nothing', () => {
    expect(check.violations(response({}))).toEqual([]);
  });

  it('when a status is not declared for the operation, then it names the operation, the status and the declared ones', () => {
    expect(check.violations(response({ status: 418, body: { teapot: true } }))).toEqual([
      expect.stringMatching(/^GET \/v1\/me answered status 418, not declared \(declared: 200, 400, 401, 403, 413, 429, 500, 503\)$/),
    ]);
  });

  it.each([
    ['a field of the wrong type', { ...ME, keyId: 42 }, /keyId must be string/],
    ['a missing required field', { ...ME, tenantName: undefined }, /must have required property 'tenantName'/],
    ['a field the document does not describe', { ...ME, secret: 'x' }, /must NOT have additional properties/],
    ['an enum value outside the document', { ...ME, environment: 'prod' }, /environment must be equal to one of the allowed values/],
  ])('when the body has %s, then it reports the ajv error and the body', (_case, body, error) => {
    const [problem] = check.violations(response({ body: JSON.parse(JSON.stringify(body)) }));
    expect(problem).toMatch(/^GET \/v1\/me 200 body does not match the document: /);
    expect(problem).toMatch(error);
    expect(problem).toContain('body: {');
  });

  it('when an error code is not one the operation declares under that status, then it is reported', () => {
    const patch = { method: 'PATCH', path: `/v1/vehicles/${ME.tenantId}`, route: '/v1/vehicles/:id', status: 409 };
    expect(check.violations(response({ ...patch, body: envelope('VEHICLE_COLOR_LOCKED') }))).toEqual([]);
    expect(check.violations(response({ ...patch, body: envelope('NOT_FOUND') }))).toEqual([expect.stringContaining('code must be equal to one of the allowed values')]);
  });

  it('when a matched route is missing from the document, then it is reported; an unknown path is exempt', () => {
    expect(check.violations(response({ method: 'PUT', path: '/v1/widgets/1', route: '/v1/widgets/:id', status: 200 }))).toEqual([
      expect.stringContaining('PUT /v1/widgets/1 answered 200 from route /v1/widgets/:id, which is not in the OpenAPI document'),
    ]);
    expect(check.violations(response({ method: 'PUT', path: '/v1/widgets/1', route: null, status: 404, body: envelope('NOT_FOUND') }))).toEqual([]);
  });

  it('when a control call answers, then it is checked against the control document', () => {
    const control = createChecker(controlDocument() as OpenApiDocument);
    const advance = { method: 'POST', path: '/_testbed/clock/advance', route: '/_testbed/clock/advance', status: 200 };

    expect(control.violations(response({ ...advance, body: { now: '2026-03-02T15:00:00.000Z', notSynced: [] } }))).toEqual([]);
    expect(control.violations(response({ ...advance, body: { now: '2026-03-02T15:00:00.000Z', notSynced: [], tenant: 'x' } }))).toEqual([expect.stringContaining('must NOT have additional properties')]);
    expect(control.violations(response({ ...advance, status: 418, body: envelope('VALIDATION') }))).toEqual([expect.stringContaining('answered status 418, not declared')]);
  });

  it('when a route answers 405 to a method no operation has, then only its error envelope is checked', () => {
    const put = { method: 'PUT', path: `/v1/vehicles/${ME.tenantId}`, route: '/v1/vehicles/:id', status: 405 };
    expect(check.violations(response({ ...put, body: envelope('VALIDATION') }))).toEqual([]);
    expect(check.violations(response({ ...put, body: { message: 'no' } }))).toEqual([expect.stringContaining('405 body is not the error envelope')]);
    expect(check.violations(response({ ...put, body: undefined }))).toEqual([expect.stringContaining('405 sent no error envelope')]);
  });

  it('when literal and templated paths both match, then the literal one decides', () => {
    expect(check.find('GET', '/v1/catalog/platform_a/colors')?.label).toBe('GET /v1/catalog/platform_a/colors');
    expect(check.find('GET', `/v1/vehicles/${ME.tenantId}`)?.label).toBe('GET /v1/vehicles/{id}');
  });
});

describe('the recorder installed by makeTestApp', () => {
  /** An app that answers like the API would if its code drifted from the document. */
  function driftedApp() {
    const app = express();
    app.get('/v1/me', (_req, res) => void res.status(418).json({ teapot: true }));
    app.get('/v1/health', (_req, res) => void res.json({ status: 'ko', version: '1.0.0' }));
    recordResponses(app);
    return supertest(app);
  }

  it('when an app answers an undeclared status and an invalid body, then both are reported for the test', async () => {
    const request = driftedApp();

    await request.get('/v1/me');
    await request.get('/v1/health');

    expect(takeViolations()).toEqual([
      expect.stringContaining('GET /v1/me answered status 418, not declared'),
      expect.stringContaining('GET /v1/health 200 body does not match the document: data/status must be equal to constant'),
    ]);
  });

  it('when a test opts out with a reason, then its undeclared responses are not reported', async () => {
    const request = driftedApp();
    allowUndeclaredResponses('this test proves the opt-out itself');

    await request.get('/v1/me');

    expect(takeViolations()).toEqual([]);
  });

  it('when the opt-out names a status, then other responses of the test are still checked', async () => {
    const request = driftedApp();
    allowUndeclaredResponses('a teapot is expected here', { status: 418 });

    await request.get('/v1/me');
    await request.get('/v1/health');

    expect(takeViolations()).toEqual([expect.stringContaining('GET /v1/health 200 body does not match')]);
  });

  it('when the real app answers, then its responses are recorded and match the document', async () => {
    const { request, newTenant } = makeTestApp();
    const { auth } = newTenant();

    const statuses = [(await request.get('/v1/me').set(auth)).status, (await request.get('/v1/me')).status];

    expect(statuses).toEqual([200, 401]);
    expect(takeViolations()).toEqual([]);
  });
});
