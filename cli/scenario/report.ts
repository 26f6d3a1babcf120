import { cdmxTime, counted } from '../../server/lib/human-text.ts';
import type { StepResult, Transcript } from './runner.ts';
import { statusText } from './http.ts';

const MARK = { passed: '✓', failed: '✗', skipped: '·' } as const;
const MAX_BODY_CHARS = 4000;

const indent = (text: string, pad: string) => text.split('\n').map((line) => pad + line).join('\n');

function json(value: unknown): string {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return text.length > MAX_BODY_CHARS ? `${text.slice(0, MAX_BODY_CHARS)}\n… (${text.length - MAX_BODY_CHARS} caracteres más)` : text;
}

function stepLine(step: StepResult): string {
  const call = step.request ? ` — ${step.request.method} ${step.request.path}` : '';
  const status = step.response ? ` → ${step.response.status ?? 'sin respuesta'}` : '';
  const skipped = step.status === 'skipped' ? ' (omitido)' : '';
  return `  ${MARK[step.status]} ${String(step.index).padStart(2)} ${step.name}${call}${status}${skipped}`;
}

/** On failure: what was wrong, what was sent and what came back, enough to debug without a rerun. */
function failureDetail(step: StepResult): string[] {
  const lines = step.failures.map((f) => `       ${f}`);
  if (step.request) lines.push('       petición:', indent(json(step.request), '         '));
  if (step.response) lines.push(`       respuesta ${statusText(step.response.status)}:`, indent(json(step.response.body), '         '));
  return lines;
}

/** The readable step-by-step report of one scenario. */
export function humanReport(t: Transcript): string {
  const { fresh, seed, clockStart } = t.environment;
  const env = fresh ? ` [entorno nuevo, semilla ${seed}, reloj ${clockStart ? cdmxTime(clockStart) : 'tiempo real'}]` : '';
  const lines = [`Escenario: ${t.scenario} (${t.file})${env}`];
  for (const step of t.steps) {
    lines.push(stepLine(step));
    if (step.status === 'failed') lines.push(...failureDetail(step));
  }
  const { passed, failed, skipped } = t.summary;
  lines.push(`${t.ok ? 'CORRECTO' : 'FALLIDO'}: ${counted(passed, 'paso correcto', 'pasos correctos')}, ${counted(failed, 'fallido', 'fallidos')}, ${counted(skipped, 'omitido', 'omitidos')}`);
  return lines.join('\n');
}
