import { CliError } from '../output.ts';

/**
 * `/tenants/{id}` of the control API for a world named on the command line. `.` and `..` are path
 * steps in a URL, escaped or not, and an empty id another route: `faults add --tenant ..` reached
 * `/_testbed/faults`, platform_b failing for every world. Those are refused here as the serve
 * refuses a world it does not have; any other id goes to the serve, which answers for it (or, with
 * none listening, the call says so).
 */
export function worldPath(tenantId: string): string {
  if (tenantId === '' || tenantId === '.' || tenantId === '..') throw new CliError(`El tenant ${tenantId} no existe en este testbed.`, 'NOT_FOUND');
  return `/tenants/${encodeURIComponent(tenantId)}`;
}
