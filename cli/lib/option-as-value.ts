import type { Command } from 'commander';

/**
 * Commander gives an option the word after it, whatever it is: `tenants create --name --json`
 * made a world named "--json" and printed no JSON (a script whose variable came out empty). A value
 * that is one of the command's own options is refused as a value left out.
 */
export function refuseOptionsAsValues(program: Command): Command {
  return program.hook('preAction', (_, command) => {
    const flags = new Set(command.options.flatMap((o) => [o.long, o.short]).filter((f) => f !== undefined));
    flags.add('--help').add('-h');
    for (const option of command.options) {
      const values = [command.getOptionValue(option.attributeName())].flat();
      const taken = values.find((v) => typeof v === 'string' && flags.has(v.split('=')[0]));
      // A usage error like commander's own (the help after it).
      if (taken !== undefined) command.error(`error: a la opción '${option.flags}' le falta su valor ('${taken}', que la sigue, es otra opción)`);
    }
  });
}
