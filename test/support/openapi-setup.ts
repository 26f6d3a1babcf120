import { afterEach } from 'vitest';
import { takeViolations } from './openapi-check.ts';

// Runs after every test of the suite (vitest.config.ts setupFiles): a response that the OpenAPI
// document does not describe fails the test that received it.
afterEach(() => {
  const problems = takeViolations();
  if (problems.length) {
    throw new Error(`Response(s) outside the OpenAPI document (server/<resource>/openapi.ts):\n- ${problems.join('\n- ')}`);
  }
});
