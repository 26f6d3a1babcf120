import { CliError } from '../output.ts';

/** `retryAfter` → `--retry-after`: the option a command builds that field from. */
const optionOf = (field: string) => `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * A refusal of fields a command built from its options, said in the options' names: `--limit debe
 * ser al menos 1`, `campo desconocido: --effect (se admiten --platform, --mode, --ms)`, not the
 * API's `limit …`. A field is renamed where a message names it as a field: its subject (its start,
 * after `(`, `; ` or `: `), in a list of fields (after `admiten ` or `, `), or another field a rule
 * ties it to (after `con `, `ni `, `en `: `solo se admite con effect delay`, `nómbralo en method`):
 * a value such as `after` in `when debe ser before o after` stays as it is. `named` gives the option
 * of a field whose name is not the option's (`name` → `--name-prefix`).
 */
export async function inOptionNames<T>(fields: readonly string[], call: () => Promise<T>, named: Readonly<Record<string, string>> = {}): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    let message = err.message;
    for (const field of fields) {
      message = message.replace(new RegExp(`(^|\\(|; |: |admiten |, |con |ni |en )${field}(?![\\w-])`, 'g'), (_m, before: string) => `${before}${named[field] ?? optionOf(field)}`);
    }
    throw new CliError(message, err.code, err.exitCode);
  }
}
