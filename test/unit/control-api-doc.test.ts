import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { controlDocument } from '../../server/control/document.ts';

const DOC = readFileSync(new URL('../../docs/control-api.md', import.meta.url), 'utf8');

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/** Each operation of the control document with the query parameters and body fields a caller can send. */
function operations(): { call: string; names: string[] }[] {
  const paths = controlDocument().paths ?? {};
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, op]) => ({
      call: `${method.toUpperCase()} ${path}`,
      names: [
        ...(op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        ...Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      ],
    })),
  );
}

/** The table row of docs/control-api.md that documents a call, when there is one. */
const rowOf = (call: string) =>
  DOC.split('\n').find((line) => line.startsWith('|') && [`\`${call}\``, `\`${call}?`, `\`${call} `].some((start) => line.includes(start)));

describe('docs/control-api.md', () => {
  it('when the clock calls are read, then their tenant parameter is documented', () => {
    expect(rowOf('GET /_testbed/clock')).toMatch(/tenant/);
    expect(rowOf('POST /_testbed/clock/advance')).toMatch(/tenant/);
  });

  it('when a documented call takes query parameters or body fields, then its row names every one', () => {
    const documented = operations()
      .map(({ call, names }) => ({ call, row: rowOf(call), names }))
      .filter(({ row }) => row !== undefined);
    const missing = documented.flatMap(({ call, row, names }) => names.filter((name) => !row!.includes(name)).map((name) => `${call}: ${name}`));

    expect(missing).toEqual([]);
    // Not vacuous: the rows were found, the clock's among them.
    expect(documented.map((d) => d.call)).toEqual(expect.arrayContaining(['GET /_testbed/clock', 'POST /_testbed/clock/advance', 'POST /_testbed/tenants']));
  });

  it('when the control document is read, then every call it declares has its row in the reference (two the contract names had none)', () => {
    const undocumented = operations().map(({ call }) => call).filter((call) => call !== 'GET /_testbed/openapi.json' && rowOf(call) === undefined);

    expect(undocumented).toEqual([]);
  });
});
