import { Help, type Command, type Option } from 'commander';

// Commander writes its own usage errors and help in English; the CLI speaks Spanish like the API.
// Its messages are stable texts with the user's words quoted, so each is rewritten by pattern.

const MESSAGES: [RegExp, (...parts: string[]) => string][] = [
  [/^error: unknown command '(.*)'/, (name) => `error: comando desconocido '${name}'`],
  // `clock advance -1d`: a value that starts with a dash reads as an option to commander.
  [/^error: unknown option '(-\d.*)'/, (value) => `error: '${value}' no es una opción, y la CLI no admite valores negativos (el reloj solo avanza: 45m, 6h, 3d)`],
  // `snapshot restore -a`: a name may start with a dash (the control API's pattern admits it).
  [/^error: unknown option '(-[^-].*)'/, (word) => `error: opción desconocida '${word}' (si es un valor que empieza por '-', como un nombre, escríbelo tras '--': … -- ${word})`],
  [/^error: unknown option '(.*)'/, (flag) => `error: opción desconocida '${flag}'`],
  [/^error: required option '(.*)' not specified/, (flags) => `error: falta la opción obligatoria '${flags}'`],
  [/^error: option '(.*)' argument missing/, (flags) => `error: a la opción '${flags}' le falta su valor`],
  [/^error: missing required argument '(.*)'/, (name) => `error: falta el argumento obligatorio '${name}'`],
  [
    /^error: too many arguments(?: for '(.*)')?\. Expected (\d+) arguments? but got (\d+)\./,
    (command, expected, got) => `error: demasiados argumentos${command ? ` para '${command}'` : ''}: admite ${expected} y recibió ${got}`,
  ],
  [/^\(Did you mean one of (.*)\?\)$/, (list) => `(¿quisiste decir uno de ${list}?)`],
  [/^\(Did you mean (.*)\?\)$/, (word) => `(¿quisiste decir ${word}?)`],
];

/** A commander message in Spanish, line by line (the suggestion comes on a line of its own). */
export function spanishCommanderMessage(message: string): string {
  return message
    .split('\n')
    .map((line) => {
      for (const [pattern, say] of MESSAGES) {
        const match = pattern.exec(line);
        if (match) return say(...match.slice(1));
      }
      return line;
    })
    .join('\n');
}

const TITLES: Record<string, string> = {
  'Usage:': 'Uso:',
  'Options:': 'Opciones:',
  'Commands:': 'Comandos:',
  'Arguments:': 'Argumentos:',
  'Global Options:': 'Opciones globales:',
};

/**
 * The help's own words: titles, and the `(default: …)` commander appends to an option's text. A
 * configuration, not a Help subclass: subcommands inherit the configuration, not the class.
 */
const spanishHelp: Partial<Help> = {
  styleTitle: (title: string) => TITLES[title] ?? title,
  optionDescription(this: Help, option: Option) {
    // Without the quotes commander puts around a text default: `(por omisión: 25)`, as it is typed.
    return Help.prototype.optionDescription.call(this, option).replace(/\(default: (?:"(.*)"|(.*))\)$/, (_all, quoted?: string, bare?: string) => `(por omisión: ${quoted ?? bare})`);
  },
};

/** Set on the program before its commands are declared: they inherit the help and the output. */
export function speakSpanish(program: Command): Command {
  return program
    .helpOption('-h, --help', 'muestra esta ayuda')
    .helpCommand('help [comando]', 'muestra la ayuda de un comando')
    .configureHelp(spanishHelp)
    .configureOutput({ outputError: (text, write) => write(spanishCommanderMessage(text)) });
}
