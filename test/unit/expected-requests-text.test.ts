import { describe, expect, it } from 'vitest';
import { answeredBy, expectedRequestsText } from '../../server/journal/expected-text.ts';

/** The words of a failed expectRequests (testing library and scenario step): only what was asked. */
describe('what an expectation on the journal asked for, in words', () => {
  it.each([
    [{ method: 'patch', path: '/v1/vehicles/{id}' }, 2, 'se esperaban 2 solicitudes PATCH /v1/vehicles/{id}'],
    [{ method: 'GET' }, 2, 'se esperaban 2 solicitudes GET'],
    [{ path: '/v1/vehicles' }, 1, 'se esperaba 1 solicitud a /v1/vehicles'],
    [{ operation: 'getVehicle', status: '2xx' }, 1, 'se esperaba 1 solicitud de la operación getVehicle con estado 2xx'],
    [{ method: 'GET', operation: 'getMe' }, 0, 'se esperaban 0 solicitudes GET (getMe)'],
    [{ status: 404 }, undefined, 'se esperaba al menos una solicitud con estado 404'],
    [{}, 3, 'se esperaban 3 solicitudes de cualquier tipo'],
  ])('when %j is expected %s times, then it reads as asked', (selection, count, text) => {
    expect(expectedRequestsText(count, selection)).toBe(text);
  });
});

describe('how a sent request was answered, in the lists of what a world sent', () => {
  it.each([
    [{ status: 201, fault: null }, '201'],
    [{ status: 429, fault: 'flt_1' }, '429 (regla flt_1)'],
    [{ status: null, fault: 'flt_2' }, 'sin respuesta (regla flt_2)'],
    [{ status: null, fault: null }, 'sin respuesta'],
  ])('when it was %j, then it reads %s', (entry, text) => {
    expect(answeredBy(entry)).toBe(text);
  });
});
