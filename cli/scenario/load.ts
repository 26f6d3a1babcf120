import { readText } from '../lib/read-text.ts';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { scenarioIssueText } from './issue-text.ts';
import { referenceProblems, type Problem } from './references.ts';
import { Scenario } from './schema.ts';
import { spanishYamlError } from './yaml-errors.ts';
import { fileProblem } from '../lib/file-errors.ts';

export class ScenarioFileError extends Error {}

/** `steps[3].request.method` → `paso 4 ("crear vehículo"): request.method`, so the author finds it. */
function where(path: PropertyKey[], raw: unknown): string {
  if (path[0] === 'steps' && typeof path[1] === 'number') {
    const step = (raw as { steps?: Array<{ name?: unknown }> }).steps?.[path[1]];
    const name = typeof step?.name === 'string' ? ` ("${step.name}")` : '';
    const rest = path.slice(2).join('.');
    return `paso ${path[1] + 1}${name}${rest ? `: ${rest}` : ''}`;
  }
  return path.length ? path.join('.') : '(raíz)';
}

/** The file's own order: what is above the steps first, then step by step. */
const stepIndex = (path: PropertyKey[]) => (path[0] === 'steps' && typeof path[1] === 'number' ? path[1] : -1);

/**
 * The line of the file a problem names: an unknown key's own line, else its path's deepest part the
 * file has (null for none but the root).
 */
export type LineOf = (path: PropertyKey[], unknownKey?: string) => number | null;

function linesOf(doc: Document, lines: LineCounter): LineOf {
  return (path, unknownKey) => {
    if (unknownKey !== undefined) {
      const map = (path.length ? doc.getIn(path, true) : doc.contents) as { items?: { key?: { value?: unknown; range?: [number, number, number] } }[] } | null;
      const key = map?.items?.find((pair) => pair.key?.value === unknownKey)?.key;
      if (key?.range) return lines.linePos(key.range[0]).line;
    }
    for (let n = path.length; n > 0; n--) {
      const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return lines.linePos(node.range[0]).line;
    }
    return null;
  };
}

export function formatIssues(issues: readonly Problem[], raw: unknown, lineOf: LineOf = () => null): string {
  // zod's unrecognized_keys: the first unknown key's line, not its object's first one.
  const placed = issues.map((issue) => ({ issue, line: lineOf(issue.path, (issue as { keys?: string[] }).keys?.[0]) }));
  // Step by step, and in a step line by line (a problem with no line first): the checks find them in their own order.
  const sorted = placed.sort((a, b) => stepIndex(a.issue.path) - stepIndex(b.issue.path) || (a.line ?? 0) - (b.line ?? 0));
  return sorted.map(({ issue, line }) => `  - ${where(issue.path, raw)}: ${issue.message}${line === null ? '' : ` (línea ${line})`}`).join('\n');
}

/** Checks a caller adds to the file's own (targets.ts: what its steps target in the API's document). */
export type MoreProblems = (raw: unknown) => Problem[];

/** Parses and validates a scenario (YAML; JSON is YAML too), all errors at once, before anything runs. */
export function parseScenario(text: string, file: string, moreProblems: MoreProblems = () => []): Scenario {
  strictJson(text, file);
  // A document, not just its value: each problem is said with the line it is on.
  const lines = new LineCounter();
  const doc = parseDocument(text, { prettyErrors: true, lineCounter: lines });
  if (doc.errors.length) throw new ScenarioFileError(`${file}: no es YAML ni JSON válido: ${spanishYamlError(doc.errors[0])}`);
  const raw: unknown = doc.toJS();
  // Nothing but blanks and comments: the schema's "(raíz) must be an object" would not say why.
  if (raw === null || raw === undefined) throw new ScenarioFileError(`${file}: el archivo está vacío (solo espacios o comentarios); un escenario necesita al menos name, tenants y steps.`);
  // A list or a bare value at the top: the schema's "(raíz): debe ser un objeto JSON" would not say what the file lacks.
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ScenarioFileError(`${file}: el escenario es un mapa de claves (name, tenants, steps…), no ${Array.isArray(raw) ? 'una lista' : 'un valor suelto'}; ¿faltan name: y steps: antes de los pasos?`);
  }
  // Spanish for the issues the schema does not word itself; per parse, so the API's own messages stay as they are.
  const parsed = Scenario.safeParse(raw, { error: scenarioIssueText });
  const issues = [...(parsed.error?.issues ?? []), ...referenceProblems(raw), ...moreProblems(raw)];
  if (issues.length) throw new ScenarioFileError(`${file}: el escenario no es válido:\n${formatIssues(issues, raw, linesOf(doc, lines))}`);
  return parsed.data!;
}

/**
 * A `.json` file must be JSON: read as YAML (which JSON is), a trailing comma or a comment passed
 * without a word, and the file then failed in the editor or tool that reads it as JSON.
 */
function strictJson(text: string, file: string): void {
  if (!/\.json$/i.test(file)) return;
  try {
    JSON.parse(text);
  } catch (err) {
    // V8 gives no position for a `]` or `}` it did not expect (`[1,]`): the trailing comma's is found here.
    const said = err instanceof Error ? err.message : '';
    const position = /position (\d+)/.exec(said)?.[1] ?? (/^Unexpected token '[\]}]'/.test(said) ? trailingCommaAt(text) : null);
    const before = position !== null ? text.slice(0, Number(position)).split('\n') : null;
    const where = before ? ` (línea ${before.length}, columna ${before[before.length - 1].length + 1})` : '';
    throw new ScenarioFileError(`${file}: no es JSON válido${where}; un archivo .json se lee como JSON estricto (sin comas finales, comentarios ni comillas simples): para eso, escríbelo en YAML (.yaml)`);
  }
}

/** Where the first comma that only a `]` or `}` follows is, outside strings; null for none. */
export function trailingCommaAt(text: string): number | null {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === ',' && /^\s*[\]}]/.test(text.slice(i + 1))) return i;
  }
  return null;
}

/** The file name that stands for the standard input (a file of the host, into a container: docs/container.md). */
export const STDIN_FILE = '-';

export function loadScenario(file: string, moreProblems?: MoreProblems): Scenario {
  // A terminal there would wait for typing nobody announced.
  if (file === STDIN_FILE && process.stdin.isTTY) {
    throw new ScenarioFileError(`${STDIN_FILE} lee el escenario de la entrada estándar, y aquí es una terminal: pásale el archivo con < archivo.yaml`);
  }
  let text: string;
  try {
    text = readText(file === STDIN_FILE ? 0 : file);
  } catch (err) {
    throw new ScenarioFileError(`no se puede leer ${file}: ${fileProblem(err, 'read')}`);
  }
  return parseScenario(text, file, moreProblems);
}
