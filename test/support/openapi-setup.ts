import { afterEach } from 'vitest';
import { hasRecords, takeRecords } from './openapi-records.ts';

// Runs after every test of the suite (vitest.config.ts setupFiles): a response that the OpenAPI
// document does not describe fails the test that received it. The checker (the document and ajv)
// is loaded only by a file whose tests got responses to check.
afterEach(async () => {
  if (!hasRecords()) return void takeRecords();
  const { takeViolations } = await import('./openapi-check.ts');
  const problems = takeViolations();
  if (problems.length === 0) return;
  // Property tests repeat one mistake many times; say it once with its count.
  const counts = new Map<string, number>();
  for (const p of problems) counts.set(p, (counts.get(p) ?? 0) + 1);
  const lines = [...counts].map(([p, n]) => (n > 1 ? `${p} (×${n})` : p));
  throw new Error(`Response(s) outside the OpenAPI document (the defineOperation declarations in server/<resource>/routes.ts):\n- ${lines.join('\n- ')}`);
});
