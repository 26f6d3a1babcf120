import { describe, expect, it } from 'vitest';
import { junitReport, junitStoppedReport, junitUnrunReport, xmlEscape } from '../../cli/scenario/junit.ts';
import { interruptedProblem, stoppedReport } from '../../cli/scenario/stopped-report.ts';
import { humanReport } from '../../cli/scenario/report.ts';
import type { ScenarioRun, StepResult } from '../../cli/scenario/runner.ts';

function run(steps: StepResult[]): ScenarioRun {
  const count = (s: StepResult['status']) => steps.filter((x) => x.status === s).length;
  return {
    transcript: {
      scenario: 'Flota <A> & "B"',
      file: 'fixtures/scenarios/a.yaml',
      ok: count('failed') === 0,
      environment: { fresh: true, seed: 42, clockStart: '2026-05-04T12:00:00.000Z' },
      tenants: [],
      steps,
      summary: { passed: count('passed'), failed: count('failed'), skipped: count('skipped') },
    },
    durationsMs: steps.map(() => 12),
    coverage: { covered: 0, total: 0, transitions: [] },
  };
}

const passed: StepResult = { index: 1, name: 'create', action: 'request', status: 'passed', failures: [], request: { method: 'POST', path: '/v1/vehicles' }, response: { status: 201, body: {} } };
const failed: StepResult = {
  index: 2,
  name: 'refresh <a>',
  action: 'request',
  status: 'failed',
  failures: ['body.status: se esperaba "approved", llegó "pending"'],
  request: { method: 'POST', path: '/v1/vehicles/x/registrations/platform_a/refresh' },
  response: { status: 200, body: { status: 'pending', note: 'a\u0001b' } },
};
const skipped: StepResult = { index: 3, name: 'later', action: 'sync', status: 'skipped', failures: [] };

describe('JUnit XML report', () => {
  it('when special characters appear, then they are escaped and control characters replaced', () => {
    expect(xmlEscape(`<a href="x">&'\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;\uFFFD');
  });

  it('when a run has passed, failed and skipped steps, then each is a testcase of the right kind', () => {
    const xml = junitReport([run([passed, failed, skipped])]);

    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="fleet-sim scenarios" tests="3" failures="1" errors="0" skipped="1" time="0.036">/);
    expect(xml).toContain('<testsuite name="Flota &lt;A&gt; &amp; &quot;B&quot;" file="fixtures/scenarios/a.yaml" tests="3" failures="1" errors="0" skipped="1" time="0.036">');
    expect(xml).toContain('name="01 create" time="0.012"/>');
    expect(xml).toContain('<failure message="body.status: se esperaba &quot;approved&quot;, llegó &quot;pending&quot;" type="expectation">');
    expect(xml).toContain('name="02 refresh &lt;a&gt;"');
    expect(xml).toContain('<skipped message="un paso anterior falló"/>');
    expect(xml).not.toMatch(/[\u0001]/);
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml.trimEnd().endsWith('</testsuites>')).toBe(true);
  });

  it('when several scenarios ran, then there is one testsuite each and the totals add up', () => {
    const xml = junitReport([run([passed]), run([passed, failed])]);

    expect(xml.match(/<testsuite /g)).toHaveLength(2);
    expect(xml).toContain('<testsuites name="fleet-sim scenarios" tests="3" failures="1" errors="0" skipped="0"');
  });
});

describe('human report', () => {
  it('when a step fails, then the report shows the failure, the request and the response', () => {
    const text = humanReport(run([passed, failed, skipped]).transcript);

    expect(text).toContain('Escenario: Flota <A> & "B" (fixtures/scenarios/a.yaml) [entorno nuevo, semilla 42, reloj 2026-05-04 06:00 CDMX]');
    expect(text).toContain('  ✓  1 create — POST /v1/vehicles → 201');
    expect(text).toContain('  ✗  2 refresh <a> — POST /v1/vehicles/x/registrations/platform_a/refresh → 200');
    expect(text).toContain('body.status: se esperaba "approved", llegó "pending"');
    expect(text).toMatch(/petición:\n\s+\{\n\s+"method": "POST"/);
    expect(text).toMatch(/respuesta 200:\n\s+\{\n\s+"status": "pending"/);
    expect(text).toContain('  ·  3 later (omitido)');
    expect(text).toContain('FALLIDO: 1 paso correcto, 1 fallido, 1 omitido');
  });

  it('when steps are counted, then one is said in the singular and others in the plural', () => {
    const text = humanReport(run([passed, passed, failed, failed]).transcript);

    expect(text).toContain('FALLIDO: 2 pasos correctos, 2 fallidos, 0 omitidos');
  });

  it('when a run did not start because a file is invalid, then each invalid file is an error with its problems and each valid one is skipped', () => {
    const xml = junitUnrunReport([
      { file: 'a.yaml', problems: null },
      { file: 'b<&>.yaml', problems: 'b<&>.yaml: el escenario no es válido:\n  - tenants: tenants es obligatorio' },
    ], 'el escenario no es válido');

    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="fleet-sim scenarios" tests="2" failures="0" errors="1" skipped="1" time="0.000">/);
    expect(xml).toContain('<testsuite name="a.yaml" file="a.yaml" tests="1" failures="0" errors="0" skipped="1" time="0.000">');
    expect(xml).toContain('<skipped message="no se ejecutó: otro archivo de la ejecución no es válido"/>');
    expect(xml).toContain('<testsuite name="b&lt;&amp;&gt;.yaml" file="b&lt;&amp;&gt;.yaml" tests="1" failures="0" errors="1" skipped="0" time="0.000">');
    expect(xml).toContain('<error message="el escenario no es válido" type="unrun">b&lt;&amp;&gt;.yaml: el escenario no es válido:\n  - tenants: tenants es obligatorio</error>');
    expect(xml.match(/<testcase /g)).toHaveLength(2);
    expect(xml.trimEnd().endsWith('</testsuites>')).toBe(true);
  });

  it('when a run stopped part way, then the files that ran are as they ran, the one it stopped at is an error with why, and the rest are skipped naming it', () => {
    const skipped = 'no se ejecutó: la ejecución se detuvo en b.yaml';
    const xml = junitStoppedReport([
      { run: run([passed, failed]) },
      { file: 'b.yaml', error: { title: 'no se pudo ejecutar', problem: 'no hay un testbed escuchando en http://127.0.0.1:3999' } },
      { file: 'c.yaml', skipped },
      { file: 'd.yaml', skipped },
    ]);

    expect(xml).toContain('<testsuites name="fleet-sim scenarios" tests="5" failures="1" errors="1" skipped="2" time="0.024">');
    expect(xml).toContain('<testsuite name="Flota &lt;A&gt; &amp; &quot;B&quot;" file="fixtures/scenarios/a.yaml" tests="2" failures="1" errors="0" skipped="0" time="0.024">');
    expect(xml).toContain('<testsuite name="b.yaml" file="b.yaml" tests="1" failures="0" errors="1" skipped="0" time="0.000">');
    expect(xml).toContain('<error message="no se pudo ejecutar" type="unrun">no hay un testbed escuchando en http://127.0.0.1:3999</error>');
    expect(xml.match(/<skipped message="no se ejecutó: la ejecución se detuvo en b.yaml"\/>/g)).toHaveLength(2);
    expect(xml.match(/<testsuite /g)).toHaveLength(4);
  });
});

describe('the report of a run stopped part way, from where each file stood (stoppedReport)', () => {
  const ended = run([{ index: 1, name: 'uno', action: 'request', status: 'passed', failures: [] }]);
  const files = ['a.yaml', 'b.yaml', 'c.yaml', 'd.yaml'];

  it('when a file could not run beside others (--parallel), then those that ended keep their steps, later ones too, the failed one is the error and the rest did not run', () => {
    const xml = stoppedReport(files, { started: true, ran: [ended], files: [ended, 'failed', ended, undefined] }, 'no hay un testbed escuchando');

    expect(xml.match(/<testcase classname="Flota &lt;A&gt; &amp; &quot;B&quot;" name="01 uno"/g)).toHaveLength(2);
    expect(xml).toContain('<error message="no se pudo ejecutar" type="unrun">no hay un testbed escuchando</error>');
    expect(xml).toContain('<testsuite name="d.yaml" file="d.yaml" tests="1" failures="0" errors="0" skipped="1" time="0.000">\n    <testcase classname="d.yaml" name="no se ejecutó" time="0.000">\n      <skipped message="no se ejecutó: la ejecución se detuvo en b.yaml"/>');
  });

  it('when a signal came with two files running and one ended behind them, then both running are errors naming it and the ended one keeps its steps', () => {
    const xml = stoppedReport(files, { started: true, ran: [], files: ['running', 'running', ended, undefined] }, interruptedProblem('SIGTERM'), true);

    expect(xml.match(/<error message="se interrumpió" type="unrun">la ejecución se interrumpió \(SIGTERM\)/g)).toHaveLength(2);
    expect(xml).toContain('name="01 uno"');
    expect(xml).toContain('<skipped message="no se ejecutó: la ejecución se interrumpió antes"/>');
  });
});
