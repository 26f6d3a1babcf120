import { describe, expect, it } from 'vitest';
import { parseScopes } from '../../cli/commands/keys.ts';
import { CliError } from '../../cli/output.ts';
import { SCOPES } from '../../server/auth/scopes.ts';

const VALID = SCOPES.join(', ');

describe('keys create --scopes', () => {
  it('when the scopes are given with spaces and repeats, then each counts once', () => {
    expect(parseScopes(' vehicles:read,rides:read , vehicles:read')).toEqual(['vehicles:read', 'rides:read']);
  });

  it('when a scope is misspelt, then the error names it, lists the valid ones and says the one meant', () => {
    expect(() => parseScopes('vehicle:read,rides:read')).toThrow(new CliError(`permisos desconocidos: vehicle:read; válidos: ${VALID}; ¿quisiste decir vehicles:read?`));
  });

  it('when a scope is like none, then no one is suggested', () => {
    expect(() => parseScopes('admin')).toThrow(new CliError(`permisos desconocidos: admin; válidos: ${VALID}`));
  });
});
