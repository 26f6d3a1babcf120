// `tenants create --fixture '{…}'`: a populated world, made by the running serve (it holds the platforms).
import { readText } from '../lib/read-text.ts';
import { callTestbed } from '../environment.ts';
import { fileProblem } from '../lib/file-errors.ts';
import { CliError, print, type OutputOptions } from '../output.ts';
import { tenantCreatedLine } from './tenants.ts';
import { counted } from '../../server/lib/human-text.ts';

interface Created {
  id: string;
  name: string;
  status: string;
  keys: { key: string }[];
  fixture: { vehicleIds: string[]; driverIds: string[]; assignmentIds: string[] };
}

/** The option's JSON, or with `@` first the JSON in that file (as curl's `-d @file`): a fixture kept beside the tests. */
function parseFixture(option: string): unknown {
  const file = option.startsWith('@') ? option.slice(1) : undefined;
  if (file === '') throw new CliError('--fixture @: falta el archivo tras la @ (p. ej. --fixture @fixture.json)');
  let text = option;
  if (file !== undefined) {
    try {
      text = readText(file);
    } catch (err) {
      throw new CliError(`--fixture ${option}: no se puede leer ${file}: ${fileProblem(err, 'read')}`);
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    const got = file === undefined ? `se recibió: ${text}` : `${file} no lo es`;
    throw new CliError(`--fixture debe ser un objeto JSON, p. ej. '{"vehicles":5,"registeredOn":["platform_b"]}', o @ y un archivo que lo tenga; ${got}`);
  }
}

/** What the fixture made, in counts: the ids are in the JSON (`--json`). */
export const fixtureLine = (made: Created['fixture']): string =>
  `Fixture: ${counted(made.vehicleIds.length, 'vehículo', 'vehículos')}, ${counted(made.driverIds.length, 'conductor', 'conductores')}, ` +
  `${counted(made.assignmentIds.length, 'asignación', 'asignaciones')} (sus ids, con --json)`;

export async function createWithFixture(opts: OutputOptions & { name: string; pending?: boolean; fixture: string }): Promise<void> {
  const fixture = parseFixture(opts.fixture);
  const body = { name: opts.name, status: opts.pending ? 'pending' : 'active', fixture };
  const created = await callTestbed<Created>('/tenants', { body });
  const made = created.fixture;
  print(opts, created, [
    tenantCreatedLine(created),
    `Clave: ${created.keys[0].key}`,
    fixtureLine(made),
  ].join('\n'));
}
