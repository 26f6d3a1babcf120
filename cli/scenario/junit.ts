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

/** A <testsuite> and what it adds to the totals. */
interface Suite {
  xml: string;
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  ms: number;
}

const totals = (s: Omit<Suite, 'xml'>): string =>
  `tests="${s.tests}" failures="${s.failures}" errors="${s.errors}" skipped="${s.skipped}" time="${seconds(s.ms)}"`;

/** A file that ran: one <testcase> per step. */
function ranSuite(run: ScenarioRun): Suite {
  const t = run.transcript;
  const counted = { tests: t.steps.length, failures: t.summary.failed, errors: 0, skipped: t.summary.skipped, ms: run.durationsMs.reduce((a, b) => a + b, 0) };
  const cases = t.steps.map((step, i) => testcase(t.scenario, step, run.durationsMs[i] ?? 0));
  return { ...counted, xml: [`  <testsuite name="${xmlEscape(t.scenario)}" file="${xmlEscape(t.file)}" ${totals(counted)}>`, ...cases, '  </testsuite>'].join('\n') };
}

/** A file whose steps never ran: one <testcase>, its <error> (`title`, then `problems`), or <skipped> with `skippedBecause`. */
function unrunSuite(file: string, problems: string | null, title: string, skippedBecause: string): Suite {
  const errored = problems === null ? 0 : 1;
  const counted = { tests: 1, failures: 0, errors: errored, skipped: 1 - errored, ms: 0 };
  const open = `    <testcase classname="${xmlEscape(file)}" name="${xmlEscape(problems === null ? 'no se ejecutó' : title)}" time="0.000"`;
  const body = problems === null
    ? `      <skipped message="${xmlEscape(skippedBecause)}"/>`
    : `      <error message="${xmlEscape(title)}" type="unrun">${xmlEscape(problems)}</error>`;
  return { ...counted, xml: [`  <testsuite name="${xmlEscape(file)}" file="${xmlEscape(file)}" ${totals(counted)}>`, `${open}>`, body, '    </testcase>', '  </testsuite>'].join('\n') };
}

function report(suites: Suite[]): string {
  const sum = (pick: (s: Suite) => number) => suites.reduce((total, s) => total + pick(s), 0);
  const all = { tests: sum((s) => s.tests), failures: sum((s) => s.failures), errors: sum((s) => s.errors), skipped: sum((s) => s.skipped), ms: sum((s) => s.ms) };
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="fleet-sim scenarios" ${totals(all)}>`, ...suites.map((s) => s.xml), '</testsuites>', ''].join('\n');
}

/** One <testsuite> per scenario, one <testcase> per step, in the shape CI systems read (JUnit XML). */
export const junitReport = (runs: ScenarioRun[]): string => report(runs.map(ranSuite));

/** A file given to a run that never started: why it failed (null when it was not its fault). */
export interface UnrunFile {
  file: string;
  problems: string | null;
}

/**
 * The report of a run that never ran its steps (invalid files, no serve answering): one <testsuite>
 * per file, with one <error> (`title`, then its problems) or, for a valid file another one kept from
 * running, <skipped>. The CI that reads the report shows why the run failed instead of a report missing.
 */
export const junitUnrunReport = (files: UnrunFile[], title: string): string =>
  report(files.map((f) => unrunSuite(f.file, f.problems, title, 'no se ejecutó: otro archivo de la ejecución no es válido')));

/** A file of a run stopped part way: as it ran, with the error that stopped it, or skipped with why. */
export type StoppedFile =
  | { run: ScenarioRun }
  | { file: string; error: { title: string; problem: string } }
  | { file: string; skipped: string };

/**
 * The report of a run stopped part way (serve gone between two files, a fresh environment that did
 * not start, a signal), file by file in the run's order: the files that ran as they ran, those it
 * stopped under as an <error>, the rest as <skipped> with why.
 */
export const junitStoppedReport = (files: StoppedFile[]): string =>
  report(files.map((f) => ('run' in f ? ranSuite(f.run) : 'error' in f ? unrunSuite(f.file, f.error.problem, f.error.title, '') : unrunSuite(f.file, null, '', f.skipped))));
