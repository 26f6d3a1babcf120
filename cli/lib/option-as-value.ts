import type { Command } from 'commander';

/** The words of the command line, as given to the program (commander keeps them on the root). */
function wordsOf(command: Command): readonly string[] {
  let root = command;
  while (root.parent) root = root.parent;
  // Kept by commander, not in its types.
  return (root as Command & { rawArgs?: string[] }).rawArgs ?? [];
}

/**
 * Commander gives an option the word after it, whatever it is: `tenants create --name --json`
 * made a world named "--json" and printed no JSON (a script whose variable came out empty). A value
 * that came as the next word and is one of the command's own options is refused as a value left
 * out; bound on purpose (`--name=--json`), it is the user's.
 */
export function refuseOptionsAsValues(program: Command): Command {
  return program.hook('preAction', (_, command) => {
    const flags = new Set(command.options.flatMap((o) => [o.long, o.short]).filter((f) => f !== undefined));
    flags.add('--help').add('-h');
    // The words before `--`: after it every word is an operand, whatever it looks like.
    const all = wordsOf(command);
    const words = all.includes('--') ? all.slice(0, all.indexOf('--')) : all;
    // Each time an option that needs a value is followed by another option, even if a later one set it
    // again. Not one whose value is optional: commander never takes an option as that value.
    for (const option of command.options.filter((o) => o.required)) {
      const own = [option.long, option.short];
      const taken = words.find((word, i) => i > 0 && own.includes(words[i - 1]) && flags.has(word.split('=')[0]));
      // A usage error like commander's own (the help after it).
      if (taken !== undefined) command.error(`error: a la opción '${option.flags}' le falta su valor ('${taken}', que la sigue, es otra opción)`);
    }
    // Commander keeps the last value of an option given twice: `--fixture A --fixture B` built B and
    // said nothing of A. No option of the CLI takes several values so.
    for (const option of command.options.filter((o) => o.required || o.optional)) {
      const given = words.filter((word) => [option.long, option.short].includes(word.split('=')[0])).length;
      if (given > 1) command.error(`error: la opción '${option.flags}' se dio ${given} veces; dala una sola (solo se usaría la última)`);
    }
  });
}
