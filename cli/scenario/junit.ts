import type { ScenarioRun, StepResult } from './runner.ts';
import { statusText } from './http.ts';

// Characters XML 1.0 cannot carry at all, even escaped: a response body could hold them.
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlEscape(text: string): string {
  return text
    .replace(INVALID_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function failureText(step: StepResult): string {
  const parts = [...step.failures];
  if (step.request) parts.push(`petición: ${JSON.stringify(step.request, null, 2)}`);
  if (step.response) parts.push(`respuesta ${statusText(step.response.status)}: ${JSON.stringify(step.response.body, null, 2)}`);
  return parts.join('\n');
}

function testcase(suite: string, step: StepResult, ms: number): string {
  const name = `${String(step.index).padStart(2, '0')} ${step.name}`;
  const open = `    <testcase classname="${xmlEscape(suite)}" name="${xmlEscape(name)}" time="${seconds(ms)}"`;
  if (step.status === 'passed') return `${open}/>`;
  if (step.status === 'skipped') return `${open}>\n      <skipped message="un paso anterior falló"/>\n    </testcase>`;
  const message = xmlEscape(step.failures[0] ?? 'falló');
  return `${open}>\n      <failure message="${message}" type="expectation">${xmlEscape(failureText(step))}</failure>\n    </testcase>`;
}

function counts(runs: ScenarioRun[], ms: (r: ScenarioRun) => number): string {
  const sum = (pick: (r: ScenarioRun) => number) => runs.reduce((total, r) => total + pick(r), 0);
  const tests = sum((r) => r.transcript.steps.length);
  const failures = sum((r) => r.transcript.summary.failed);
  const skipped = sum((r) => r.transcript.summary.skipped);
  return `tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(sum(ms))}"`;
}

/** One <testsuite> per scenario, one <testcase> per step, in the shape CI systems read (JUnit XML). */
export function junitReport(runs: ScenarioRun[]): string {
  const ms = (r: ScenarioRun) => r.durationsMs.reduce((a, b) => a + b, 0);
  const suites = runs.map((run) => {
    const t = run.transcript;
    const attrs = `name="${xmlEscape(t.scenario)}" file="${xmlEscape(t.file)}" ${counts([run], ms)}`;
    const cases = t.steps.map((step, i) => testcase(t.scenario, step, run.durationsMs[i] ?? 0));
    return [`  <testsuite ${attrs}>`, ...cases, '  </testsuite>'].join('\n');
  });
  const head = `<testsuites name="fleet-sim scenarios" ${counts(runs, ms)}>`;
  return ['<?xml version="1.0" encoding="UTF-8"?>', head, ...suites, '</testsuites>', ''].join('\n');
}

/** A file given to a run that never started: why it failed (null when it was not its fault). */
export interface UnrunFile {
  file: string;
  problems: string | null;
}

/**
 * The report of a run that never ran its steps: one <testsuite> per file, with one <error> (`title`,
 * then its problems: an invalid file's, or what kept the run from starting) or, for a valid file
 * another one kept from running, <skipped>. The CI that reads the report shows why the run failed
 * instead of a report missing.
 */
export function junitUnrunReport(files: UnrunFile[], title: string): string {
  const errors = files.filter((f) => f.problems !== null).length;
  const totals = (tests: number, errored: number) => `tests="${tests}" failures="0" errors="${errored}" skipped="${tests - errored}" time="0.000"`;
  const suites = files.map(({ file, problems }) => {
    const open = `    <testcase classname="${xmlEscape(file)}" name="${xmlEscape(problems === null ? 'no se ejecutó' : title)}" time="0.000"`;
    const body = problems === null
      ? `      <skipped message="no se ejecutó: otro archivo de la ejecución no es válido"/>`
      : `      <error message="${xmlEscape(title)}" type="unrun">${xmlEscape(problems)}</error>`;
    const attrs = `name="${xmlEscape(file)}" file="${xmlEscape(file)}" ${totals(1, problems === null ? 0 : 1)}`;
    return [`  <testsuite ${attrs}>`, `${open}>`, body, '    </testcase>', '  </testsuite>'].join('\n');
  });
  const head = `<testsuites name="fleet-sim scenarios" ${totals(files.length, errors)}>`;
  return ['<?xml version="1.0" encoding="UTF-8"?>', head, ...suites, '</testsuites>', ''].join('\n');
}
