import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spanishCommanderMessage } from '../../cli/lib/commander-spanish.ts';
import { buildProgram } from '../../cli/program/index.ts';
import { runCommand } from '../../cli/run-command.ts';

/** Words that give English away; Spanish help texts never need them. */
const ENGLISH = /\b(the|and|with|of|to|or|is|are|for|from|when|this|that|its|every|only|print|show|run|display|help for)\b/i;

/** Every text the help shows: commands, their arguments and their options, at every level. */
function helpTexts(command: Command, path = 'fleet-sim'): [string, string][] {
  const own: [string, string][] = [
    [path, command.description()],
    ...command.options.map((o): [string, string] => [`${path} ${o.flags}`, o.description]),
    ...command.registeredArguments.map((a): [string, string] => [`${path} <${a.name()}>`, a.description]),
  ];
  return [...own, ...command.commands.flatMap((sub) => helpTexts(sub, `${path} ${sub.name()}`))];
}

/** Runs one command line in this process; what it wrote to stdout and stderr. */
async function run(words: string[]) {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  const code = await runCommand(buildProgram, words);
  vi.restoreAllMocks();
  return { code, stdout, stderr };
}

afterEach(() => vi.restoreAllMocks());

describe('the CLI speaks Spanish', () => {
  it('when the help of every command is read, then no description is in English', () => {
    const english = helpTexts(buildProgram()).filter(([, text]) => text && ENGLISH.test(text));

    expect(english).toEqual([]);
  });

  it('when the help is asked for, then its titles and the help option are Spanish', async () => {
    const { code, stdout } = await run(['keys', 'create', '--help']);

    expect(code).toBe(0);
    expect(stdout).toMatch(/^Uso: fleet-sim keys create \[options\]/);
    expect(stdout).toContain('Opciones:');
    expect(stdout).toContain('(por omisión: test)');
    expect(stdout).toContain('-h, --help           muestra esta ayuda');
    expect(stdout).not.toMatch(/Usage|Options:|default:|display help/);
  });

  it.each([
    [['tenantz'], "error: comando desconocido 'tenantz'\n(¿quisiste decir tenants?)"],
    [['tenants', 'create'], "error: falta la opción obligatoria '--name <name>'"],
    [['tenants', 'list', 'extra'], "error: demasiados argumentos para 'list': admite 0 y recibió 1"],
    [['clock', 'now', '--tenant'], "error: a la opción '--tenant <id>' le falta su valor"],
    // A script whose variable came out empty: the next option is no value (it made a world named "--json").
    [['tenants', 'create', '--name', '--json'], "error: a la opción '--name <name>' le falta su valor ('--json', que la sigue, es otra opción)"],
    [['tenants', 'create', '--name', '--json', '--name', 'b'], "error: a la opción '--name <name>' le falta su valor ('--json', que la sigue, es otra opción)"],
    [['clock', 'advance', '1d', '--tenant', '-h'], "error: a la opción '--tenant <id>' le falta su valor ('-h', que la sigue, es otra opción)"],
    // Commander keeps the last: the first value would be dropped, unsaid.
    [['tenants', 'create', '--name', 'a', '--fixture', '{"vehicles":1}', '--fixture={"vehicles":2}'], "error: la opción '--fixture <json>' se dio 2 veces; dala una sola (solo se usaría la última)"],
    [['tenants', 'approve'], "error: falta el argumento obligatorio 'tenantId'"],
    [['tenants', 'list', '--nope'], "error: opción desconocida '--nope'"],
  ])('when %j is a usage error, then the message is Spanish, with the help after it', async (words, message) => {
    const { code, stderr } = await run(words);

    expect(code).toBe(1);
    expect(stderr.startsWith(`${message}\n`)).toBe(true);
    expect(stderr).toContain('Uso: fleet-sim');
  });

  it.each([
    [['tenants', 'create', '--name=--json']],
    // After `--` every word is an operand: the file names of a scenario run.
    [['scenario', 'run', '--', '--junit', '--fresh']],
  ])('when %j binds an option\'s value on purpose or ends the options with --, then no option is refused as another\'s value', async (words) => {
    vi.stubEnv('FLEET_URL', 'http://127.0.0.1:1');
    const { stderr } = await run(words);
    vi.unstubAllEnvs();

    // Past the option check: the command ran, and met what it meets (no serve, no file).
    expect(stderr).not.toContain('le falta su valor');
    expect(stderr).toMatch(/^error: /);
  });

  it('when a usage error comes with --json, then the envelope carries the Spanish message too', async () => {
    const { stdout } = await run(['tenants', 'create', '--json']);
    const valueLeftOut = await run(['tenants', 'create', '--name', '--json']);

    expect(JSON.parse(stdout)).toEqual({ error: { code: null, message: "falta la opción obligatoria '--name <name>'" } });
    expect(JSON.parse(valueLeftOut.stdout).error.message).toBe("a la opción '--name <name>' le falta su valor ('--json', que la sigue, es otra opción)");
  });

  it.each([['--version'], ['-V']])('when %s is asked for, then the package version is printed and the exit is 0', async (flag) => {
    const { code, stdout } = await run([flag]);

    expect([code, stdout]).toEqual([0, `${JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version}\n`]);
  });

  it('when a negative value is read as an option (clock advance -1d), then the message says values are positive', () => {
    expect(spanishCommanderMessage("error: unknown option '-1d'")).toBe("error: '-1d' no es una opción, y la CLI no admite valores negativos (el reloj solo avanza: 45m, 6h, 3d)");
  });

  it('when a word that starts with one dash is no option (a snapshot named -a), then the message says how to pass it as a value', () => {
    expect(spanishCommanderMessage("error: unknown option '-a'")).toBe(
      "error: opción desconocida '-a' (si es un valor que empieza por '-', como un nombre, escríbelo tras '--': … -- -a)",
    );
    expect(spanishCommanderMessage("error: unknown option '--nope'")).toBe("error: opción desconocida '--nope'");
  });

  it('when commander suggests several commands, then the suggestion is Spanish', () => {
    expect(spanishCommanderMessage("error: unknown option '--jsn'\n(Did you mean one of --json, --jsonl?)")).toBe(
      "error: opción desconocida '--jsn'\n(¿quisiste decir uno de --json, --jsonl?)",
    );
  });
});
