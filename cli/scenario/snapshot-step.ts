import { z } from 'zod';
import { badSnapshotName, SNAPSHOT_NAME } from '../../server/snapshots/files.ts';
import { send, type Exchange } from './http.ts';
import { worldOf } from './worlds.ts';

/** A name the control API takes, checked as the file is read; a `${…}` one is checked by the testbed when the step runs. */
const Name = z.string()
  .refine((name) => SNAPSHOT_NAME.test(name) || name.includes('${'), { error: (issue) => badSnapshotName(String(issue.input)) })
  // What editors check as the file is typed (schemas/scenario.schema.json).
  .meta({ pattern: `${SNAPSHOT_NAME.source}|\\$\\{` });

/**
 * `saveSnapshot: inicio` or `{name, tenant?}`, and `restoreSnapshot` alike: one of the file's worlds
 * saved or rewound on its own (contract §5, world snapshots), the first tenant unless `tenant` names
 * another by its alias. What `snapshot save|restore NAME --tenant ID` does.
 */
export const WorldSnapshotStep = z.union([Name, z.strictObject({ name: Name, tenant: z.string().optional() })], {
  error: 'debe ser el nombre de la instantánea (inicio) o {name, tenant?}: name el nombre, tenant el alias de un tenant del archivo',
});
/**
 * `restoreSnapshot` also takes what the restore clears besides (what `POST …/restore` takes):
 * `clearFaults` before it, `clearRequests` after it, neither of which a world snapshot holds.
 */
export const RestoreSnapshotStep = z.union([
  Name,
  z.strictObject({ name: Name, tenant: z.string().optional(), clearFaults: z.boolean().optional(), clearRequests: z.boolean().optional() }),
], {
  error: 'debe ser el nombre de la instantánea (inicio) o {name, tenant?, clearFaults?, clearRequests?}: name el nombre, tenant el alias de un tenant del archivo, clearFaults y clearRequests true o false',
});
export type WorldSnapshotStep = z.infer<typeof WorldSnapshotStep> | z.infer<typeof RestoreSnapshotStep>;

export interface SnapshotContext {
  baseUrl: string;
  tenantIds: Map<string, string>;
  controlHeaders: Record<string, string>;
}

/** The transcript names the world by its alias and the call by its template: ids differ between runs on a shared serve. */
export async function worldSnapshot(ctx: SnapshotContext, step: WorldSnapshotStep, what: 'save' | 'restore'): Promise<Exchange> {
  const { name, tenant, ...clear } = typeof step === 'string' ? { name: step, tenant: undefined } : step;
  const { alias, id } = worldOf(ctx.tenantIds, tenant);
  const base = `/_testbed/tenants/${encodeURIComponent(id)}/snapshots`;
  const [path, shown, body] = what === 'save'
    ? [base, '/_testbed/tenants/{tenant}/snapshots', { name }]
    : [`${base}/${encodeURIComponent(name)}/restore`, `/_testbed/tenants/{tenant}/snapshots/${name}/restore`, Object.keys(clear).length ? clear : undefined];
  // A restore keeps the world's transition counts (server/world-snapshots/world-rows.ts): the run's
  // coverage, read at its end, counts what the steps made before it.
  const response = await send(ctx.baseUrl + path, { method: 'POST', headers: ctx.controlHeaders, json: body });
  return { request: { method: 'POST', path: shown, worlds: [alias], ...(body ? { body } : {}) }, response };
}
