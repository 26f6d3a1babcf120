import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILTERS } from '../../cli/commands/requests.ts';
import { buildProgram } from '../../cli/program/index.ts';
import { runCommand } from '../../cli/run-command.ts';
import { JournalFilter } from '../../server/journal/filter.ts';

afterEach(() => vi.restoreAllMocks());

/** `fleet-sim requests` against the control API's journal list: one set of filters, by the same names. */
describe('the filters of `fleet-sim requests`', () => {
  it('when the control API\'s journal list takes a filter, then the command passes it through under the same name', () => {
    expect([...FILTERS, 'limit'].sort()).toEqual(Object.keys(JournalFilter.shape).sort());
  });

  it('when the help of `requests` is read, then it has an option for each filter the command passes through', () => {
    const requests = buildProgram().commands.find((c) => c.name() === 'requests')!;
    const options = requests.options.map((o) => o.attributeName());

    expect(options).toEqual(expect.arrayContaining([...FILTERS, 'limit']));
    expect(requests.options.find((o) => o.attributeName() === 'operation')?.flags).toBe('--operation <operationId>');
    expect(requests.options.find((o) => o.attributeName() === 'startingAfter')?.flags).toBe('--starting-after <entryId>');
  });

  it('when --starting-after comes with --follow, then it is refused in Spanish, naming both, before the testbed is called', async () => {
    let stderr = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));

    const code = await runCommand(buildProgram, ['requests', '--tenant', 't', '--starting-after', 'je_4', '--follow']);

    expect(code).toBe(1);
    expect(stderr).toBe('error: --starting-after no se combina con --follow: --follow imprime las nuevas, --starting-after pagina hacia las más antiguas; usa una de las dos\n');
  });
});
