import { YAMLError } from 'yaml';

// The yaml package explains in English; its error codes are stable, so each is said in Spanish here.
const REASONS: Record<string, string> = {
  ALIAS_PROPS: 'un alias no puede llevar ancla ni etiqueta',
  BAD_ALIAS: 'alias no válido',
  BAD_COLLECTION_TYPE: 'tipo de colección no válido',
  BAD_DIRECTIVE: 'directiva no válida',
  BAD_DQ_ESCAPE: 'secuencia de escape no válida entre comillas dobles',
  BAD_INDENT: 'sangría incorrecta',
  BAD_PROP_ORDER: 'el ancla y la etiqueta van antes del valor',
  BAD_SCALAR_START: 'un valor no puede empezar con este carácter (ponlo entre comillas)',
  BLOCK_AS_IMPLICIT_KEY: 'un bloque no puede ser una clave',
  BLOCK_IN_FLOW: 'un bloque no puede ir dentro de [ ] o { }',
  DUPLICATE_KEY: 'clave repetida en el mismo objeto',
  IMPOSSIBLE: 'el analizador de YAML no pudo seguir',
  KEY_OVER_1024_CHARS: 'una clave sin comillas no puede pasar de 1024 caracteres',
  MISSING_CHAR: 'falta un carácter de cierre (], } o unas comillas) o la sangría de lo que sigue',
  MULTILINE_IMPLICIT_KEY: 'una clave debe caber en una línea',
  MULTIPLE_ANCHORS: 'un valor con dos anclas',
  MULTIPLE_DOCS: 'el archivo tiene varios documentos YAML; un escenario es uno solo',
  MULTIPLE_TAGS: 'un valor con dos etiquetas',
  NON_STRING_KEY: 'una clave debe ser texto',
  TAB_AS_INDENT: 'tabulador como sangría (usa espacios)',
  TAG_RESOLVE_FAILED: 'etiqueta desconocida',
  UNEXPECTED_TOKEN: 'elemento inesperado',
};

/**
 * `línea 3, columna 7: sangría incorrecta`, then the excerpt the parser drew (the line and a caret
 * under the place), which needs no translation.
 */
export function spanishYamlError(err: unknown): string {
  if (!(err instanceof YAMLError)) return String(err);
  const reason = REASONS[err.code] ?? `error de sintaxis (${err.code})`;
  const place = err.linePos ? `línea ${err.linePos[0].line}, columna ${err.linePos[0].col}: ` : '';
  const excerpt = err.message.split(':\n\n')[1]?.trimEnd();
  return `${place}${reason}${braceHint(err, excerpt)}${excerpt ? `\n\n${excerpt}` : ''}`;
}

/**
 * Inside `{ … }` an unquoted `{id}` or `${car}` ends the map or opens another, and the parser only
 * says what it met; the path templates of a scenario are where that happens, so their fix is said.
 */
function braceHint(err: YAMLError, excerpt: string | undefined): string {
  if (!['UNEXPECTED_TOKEN', 'MISSING_CHAR', 'BAD_SCALAR_START'].includes(err.code)) return '';
  const line = excerpt?.split('\n')[0] ?? '';
  // A plain value running straight into a brace: `path: /v1/vehicles/{id}`, `path: /x/${car}`.
  const unquoted = /:\s+[^"'\s{[,:]+\{/.test(line);
  const example = line.includes('${') ? 'path: "/v1/vehicles/${car}"' : 'path: "/v1/vehicles/{id}"';
  if (unquoted) return `. Un valor con { } o \${…} dentro de { … } va entre comillas: ${example}`;
  // Or into a bracket, a capture's index: `capture: { id: body.data[0].id }`.
  return /:\s+[^"'\s{[,:]+\[/.test(line) ? '. Un valor con [ ] dentro de { … } va entre comillas: capture: { id: "body.data[0].id" }' : '';
}
