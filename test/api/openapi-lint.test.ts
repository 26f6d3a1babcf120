import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../server/openapi/document.ts';
import { controlDocument } from '../../server/control/document.ts';

/**
 * Both documents pass an outside linter: @redocly/cli's `lint` with its recommended rules, no rule
 * off. Its bin is spawned (its library is bundled, with no API of its own), from an empty folder so
 * no redocly.yaml changes the rules, with its telemetry and update check off: it runs offline.
 */
const require = createRequire(import.meta.url);
const cliPackage = require.resolve('@redocly/cli/package.json');
const cliBin = join(dirname(cliPackage), (JSON.parse(readFileSync(cliPackage, 'utf8')) as { bin: { redocly: string } }).bin.redocly);

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

const dir = mkdtempSync(join(tmpdir(), 'fleet-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function lint(name: string, document: unknown): Promise<LintReport> {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(document, null, 2));
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  const args = [cliBin, 'lint', file, '--extends=recommended', '--format=json', '--max-problems=1000'];
  return new Promise((resolve, reject) =>
    // The exit status is 1 on errors only: the report's totals are the verdict, warnings included.
    execFile(process.execPath, args, { cwd: dir, env, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      try {
        resolve(JSON.parse(stdout) as LintReport);
      } catch {
        reject(new Error(`redocly lint gave no JSON report (${err?.message ?? 'no error'}):\n${stderr.slice(-2000)}`));
      }
    }),
  );
}

const summary = (report: LintReport) =>
  report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);

describe('the OpenAPI documents, linted by redocly with its recommended rules', () => {
  it.each([
    ['the partner API document (GET /v1/openapi.json)', 'partner', openApiDocument],
    ['the control API document (GET /_testbed/openapi.json)', 'control', controlDocument],
  ])('when %s is linted, then there is no error and no warning', async (_label, name, build) => {
    const report = await lint(name, build());

    expect(summary(report)).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  }, 180_000);

  it('when a document breaks a recommended rule, then the linter reports it (the check can fail)', async () => {
    const { servers: _servers, ...withoutServers } = controlDocument();

    const report = await lint('broken', withoutServers);

    expect(report.problems.map((p) => p.ruleId)).toContain('no-empty-servers');
    expect(report.totals.errors).toBeGreaterThan(0);
  }, 180_000);
});
