import type { Command } from 'commander';
import { lazy, type HandlerNames } from '../lib/lazy-action.ts';

type OptionHelp = string | [help: string, defaultValue: string];

/** One command, by its usage (`revoke <keyId>`): what `--help` says of it and the export that runs it. */
export interface CommandDeclaration<M> {
  does: string;
  /** What the program's own --help lists for it, when `does` is longer than a line (serve's variables). */
  summary?: string;
  run: HandlerNames<M>;
  required?: Record<string, string>;
  options?: Record<string, OptionHelp>;
  /** What `--json` prints; every command has it unless this is false. */
  json?: string | false;
}

export type CommandDeclarations<M> = Record<string, CommandDeclaration<M>>;

/**
 * Declares commands on `parent` (the program, or a group such as `keys`). Their module is loaded
 * only when one of them runs (lazy), so `--help` and the other commands never pay for it.
 */
export function declareCommands<M>(parent: Command, load: () => Promise<M>, commands: CommandDeclarations<M>): void {
  const run = lazy(load);
  for (const [usage, declared] of Object.entries(commands)) {
    const command = parent.command(usage).description(declared.does);
    if (declared.summary) command.summary(declared.summary);
    for (const [flags, help] of Object.entries(declared.required ?? {})) command.requiredOption(flags, help);
    for (const [flags, help] of Object.entries(declared.options ?? {})) {
      if (typeof help === 'string') command.option(flags, help);
      else command.option(flags, help[0], help[1]);
    }
    if (declared.json !== false) command.option('--json', declared.json ?? 'imprime un documento JSON');
    command.action(run(declared.run));
  }
}

/** A group of commands under one name: `keys create`, `keys list`. */
export function declareGroup<M>(program: Command, name: string, description: string, load: () => Promise<M>, commands: CommandDeclarations<M>): void {
  declareCommands(program.command(name).description(description), load, commands);
}
