import { errorCatalogTable } from './error-schemas.ts';
import type { Access, OperationSpec } from './registry.ts';

export const accessNote = (access: Access): string =>
  access === 'public'
    ? 'Sin autenticación.'
    : access === 'key'
      ? 'Autenticación: cualquier clave de API válida (no pide un permiso concreto).'
      : `**Permiso requerido:** \`${access}\``;

/** Generated from the operations, so the table cannot disagree with the routes' requireScope. */
function scopeTable(operations: readonly OperationSpec[]): string {
  const rows = operations.map((op) => {
    const access = op.scope === 'public' ? 'sin clave' : op.scope === 'key' ? 'clave válida' : `\`${op.scope}\``;
    return `| ${op.method.toUpperCase()} | \`${op.path}\` | ${access} |`;
  });
  return ['| Método | Ruta | Permiso |', '|---|---|---|', ...rows].join('\n');
}

/**
 * The introduction swagger-ui shows above the operations: how to authenticate, the error catalog
 * with its Spanish messages, and the decisions the testbed contract (§3) takes where the spec says
 * "not shown". Tables come from the code; only the prose is written here.
 */
export function documentIntro(operations: readonly OperationSpec[]): string {
  return `API de socios de flota: vehículos, conductores, documentos, asignaciones, trabajos por lotes,
viajes y ganancias en dos plataformas (\`platform_a\`, \`platform_b\`). Todas las respuestas son JSON UTF-8;
los campos van en camelCase y los mensajes de error en español.

## Autenticación
Cabecera \`Authorization: Bearer <API_KEY>\` en todo salvo \`GET /v1/health\`. Clave ausente, inválida o
revocada: 401 UNAUTHORIZED. Flota en revisión: 403 TENANT_PENDING. Clave sin el permiso: 403
INSUFFICIENT_SCOPE. Cada operación indica su permiso en su descripción y en la extensión \`x-required-scope\`.

${scopeTable(operations)}

## Errores
Todo error usa el sobre \`{error: {code, message, details, requestId}}\` (esquema \`Error\`). Cada respuesta de
error de una operación lista los códigos que puede dar con su mensaje por defecto. 429 y 503 traen \`Retry-After\`.
En el testbed, además, una regla de falla de un mundo (\`/_testbed/tenants/{id}/faults\`) puede responder cualquier
operación con 429, 500 o 503 (con la cabecera \`X-Testbed-Fault\`), retrasarla o cortar la conexión.

${errorCatalogTable()}

## Decisiones del contrato (donde la especificación dice «not shown»)
- \`GET /v1/health\` responde \`{"status":"ok","version":"1.0.0"}\`.
- Cada vehículo tiene exactamente dos registros, uno por plataforma, ambos \`none\` al crearse.
- Las listas van de más reciente a más antiguo (viajes por \`startedAt\`, ganancias diarias por \`date\`, el resto
  por \`createdAt\`; empates por id). \`from\` y \`to\` son días inclusivos en hora de Ciudad de México (-06:00).
- Permisos no indicados en la especificación: lecturas de vehículos, registros y documentos piden
  \`vehicles:read\`; PATCH y refresh de vehículo, \`vehicles:write\`; lecturas de conductores, invitaciones y
  asignaciones, \`drivers:read\`; toda escritura de conductores, invitaciones y asignaciones, \`drivers:write\`;
  \`GET /v1/jobs/{id}\`, el permiso de lectura de lo que procesa el trabajo; ganancias, \`rides:read\`;
  \`me\` y los catálogos, solo una clave válida.
- Refresh de un registro o invitación en \`none\`: 409 CONFLICT. Refresh de vehículo en platform_b: 422.
- Todo código de error es de la lista de la especificación (§7). Un 422 sin código propio responde
  VALIDATION cuando falta un campo que la operación necesita (registro en platform_b sin VIN: \`details\`
  nombra \`vin\`) y CONFLICT cuando el estado del recurso lo impide (refresh en platform_b).
- Trabajos: \`pending\` → \`running\` → \`completed\` (aunque fallen elementos; ver contadores) o \`failed\`.
- \`platformSync\` de una asignación: ver el esquema \`Assignment\`. Estado \`pending_platform_a\` del vehículo:
  ver el esquema \`Vehicle\`.

## Paginación y versiones
\`limit\` (1..100, 25 por defecto) y \`startingAfter\` (id del último elemento recibido); respuesta
\`{data, hasMore}\`. Los cambios dentro de v1 son aditivos: los clientes deben tolerar campos nuevos.`;
}
