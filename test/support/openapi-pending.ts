/**
 * Routes served today whose operations are not yet in the OpenAPI document. Their responses are not
 * checked, so the suite stays usable while each resource adds its `server/<resource>/openapi.ts`.
 * Remove a line when its operation lands: test/api/openapi.test.ts fails on a line that is already
 * documented, and on any served route that is neither documented nor listed here.
 */
export const NOT_YET_DOCUMENTED: string[] = [
];
