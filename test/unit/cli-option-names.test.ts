import { describe, expect, it } from 'vitest';
import { inOptionNames } from '../../cli/lib/option-names.ts';
import { CliError } from '../../cli/output.ts';

const refusedWith = (message: string, fields: string[]) =>
  inOptionNames(fields, () => Promise.reject(new CliError(message, 'VALIDATION', 1))).catch((err: CliError) => err);

describe('inOptionNames: a refusal of fields a command built from its options, in the options\' names', () => {
  it.each([
    ['La solicitud no es válida (limit debe ser como máximo 100).', 'La solicitud no es válida (--limit debe ser como máximo 100).'],
    ['retryAfter admite hasta 3600', '--retry-after admite hasta 3600'],
    ['La solicitud no es válida (times: x; delayMs: y).', 'La solicitud no es válida (--times: x; --delay-ms: y).'],
    ['campos desconocidos: effect, times (se admiten platform, mode, ms)', 'campos desconocidos: --effect, --times (se admiten --platform, --mode, --ms)'],
    // A value that is also a field's name stays: `after` of `when`, `ms` of a duration.
    ['when debe ser before o after', '--when debe ser before o after'],
    ['espera 1500 ms; ms solo se admite con mode slow', 'espera 1500 ms; --ms solo se admite con --mode slow'],
    // Another field a rule ties it to.
    ['operation no se combina con method ni path: elige una', '--operation no se combina con --method ni --path: elige una'],
    ['delayMs solo se admite con effect delay', '--delay-ms solo se admite con --effect delay'],
    ['otro método ahí sí lo es: nómbralo en method.', 'otro método ahí sí lo es: nómbralo en --method.'],
    // Inside a longer word it is not the field.
    ['operation «x» no es un operationId de /v1/openapi.json', '--operation «x» no es un operationId de /v1/openapi.json'],
  ])('when the API said %j, then the CLI says %j', async (said, shown) => {
    const err = await refusedWith(said, ['limit', 'retryAfter', 'times', 'delayMs', 'effect', 'platform', 'mode', 'ms', 'when', 'after', 'operation', 'method', 'path']);

    expect(err).toBeInstanceOf(CliError);
    expect([err.message, err.code, err.exitCode]).toEqual([shown, 'VALIDATION', 1]);
  });

  it('when a field\'s option has another name (name of --name-prefix), then the message names that option', async () => {
    const err = await inOptionNames(['name'], () => Promise.reject(new CliError('La solicitud no es válida (name no puede estar vacío: un prefijo vacío borraría todos los tenants).', 'VALIDATION', 1)),
      { name: '--name-prefix' }).catch((e: CliError) => e);

    expect(err.message).toBe('La solicitud no es válida (--name-prefix no puede estar vacío: un prefijo vacío borraría todos los tenants).');
  });

  it('when the call succeeds or fails otherwise, then its answer or its error goes on as it is', async () => {
    await expect(inOptionNames(['limit'], async () => 7)).resolves.toBe(7);
    const other = new TypeError('limit roto');
    await expect(inOptionNames(['limit'], () => Promise.reject(other))).rejects.toBe(other);
  });
});
