import { CliError } from '../output.ts';

/**
 * An id the command line gives, as one segment of a control path. `.` and `..` are path steps in a
 * URL, escaped (`%2e`) or not, and an empty id drops the segment: `faults add --tenant ..` reached
 * `/_testbed/faults` (platform_b failing for every world), `faults remove --tenant T ..` deleted the
 * world T. Those are refused here, `missing` said as the serve says an id it does not have; any
 * other id goes to the serve, which answers for it (or, with none listening, the call says so).
 */
export function idSegment(id: string, missing: string): string {
  if (id === '' || id === '.' || id === '..') throw new CliError(missing, 'NOT_FOUND');
  return encodeURIComponent(id);
}

/** `/tenants/{id}` of the control API for a world named on the command line. */
export const worldPath = (tenantId: string): string => `/tenants/${idSegment(tenantId, `El tenant ${tenantId} no existe en este testbed.`)}`;
