import { describe, expect, it } from 'vitest';
import { LineSyntaxError, splitLine } from '../../cli/lib/split-line.ts';

describe('splitLine (a batch line into words, as a shell splits simple quoting)', () => {
  it.each([
    ['clock now --json', ['clock', 'now', '--json']],
    ['  clock\t now  ', ['clock', 'now']],
    ['tenants create --name "Flota Uno"', ['tenants', 'create', '--name', 'Flota Uno']],
    ["tenants create --name 'Flota Uno'", ['tenants', 'create', '--name', 'Flota Uno']],
    ['--name="Flota Uno"', ['--name=Flota Uno']],
    ['a"b c"d', ['ab cd']],
    [`'it''s'`, ['its']],
    [`"say \\"hi\\""`, ['say "hi"']],
    [`"back\\\\slash"`, ['back\\slash']],
    [`"keeps \\n as is"`, ['keeps \\n as is']],
    [`'no \\" escapes'`, ['no \\" escapes']],
    [`"it's"`, ["it's"]],
    [`'say "hi"'`, ['say "hi"']],
    ['Flota\\ Uno', ['Flota Uno']],
    ['a ""', ['a', '']],
    ["''", ['']],
    ['clock now # the service time', ['clock', 'now']],
    ['# only a comment', []],
    ['   # indented comment', []],
    ['', []],
    ['   ', []],
    ['tenants create --name Flota#1', ['tenants', 'create', '--name', 'Flota#1']],
    ['tenants create --name "# not a comment"', ['tenants', 'create', '--name', '# not a comment']],
    ['clock now\r', ['clock', 'now']],
  ])('when the line is %j, then the words are %j', (line, words) => {
    expect(splitLine(line)).toEqual(words);
  });

  it.each([
    ['tenants create --name "Flota Uno', 'comilla " sin cerrar'],
    ["tenants create --name 'Flota Uno", "comilla ' sin cerrar"],
    ['"ends in an escaped quote\\"', 'comilla " sin cerrar'],
    ['clock now \\', 'barra invertida al final de la línea (un comando va en una sola línea)'],
  ])('when the line is %j, then it is refused with a Spanish reason', (line, reason) => {
    expect(() => splitLine(line)).toThrow(LineSyntaxError);
    expect(() => splitLine(line)).toThrow(reason);
  });
});
