import type { Request } from 'express';
import { validation } from '../errors.ts';

/** Whether a URL-encoded name or value decodes: its %-escapes are whole and spell UTF-8. */
export const decodes = (part: string): boolean => {
  try {
    decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
};

/**
 * A query whose %-escape does not decode to UTF-8 (`?plate=%E0%A4%A`, `%FF`) is refused: the query
 * reader makes such a value something the client never sent (U+FFFD for the bytes, a bare `%` kept
 * as it is), and a filter on it answered an empty 200 as if nothing matched, where the same escape in
 * the path is refused. Each name and value is checked as sent. `declared`: only the parameters the
 * operation reads (the partner API ignores the others, garbage or not, naming them in
 * X-Testbed-Unknown-Query); without it, every one (the control API refuses unknown ones anyway).
 */
export function refuseUndecodableQuery(req: Request, declared?: ReadonlySet<string>): void {
  const at = req.url.indexOf('?');
  if (at < 0) return; // by id, most requests: nothing to read
  for (const pair of req.url.slice(at + 1).split('&')) {
    const [name, ...value] = pair.split('=');
    const field = decodes(name) ? decodeURIComponent(name.replace(/\+/g, ' ')) : name;
    if (declared && !declared.has(field)) continue;
    const bad = [name, value.join('=')].find((part) => !decodes(part));
    if (bad === undefined) continue;
    const shown = bad.length > 40 ? `${bad.slice(0, 40)}…` : bad;
    throw validation(`La consulta contiene una secuencia de escape (%) no válida en «${shown}»: codifica cada nombre y valor en UTF-8 (encodeURIComponent).`,
      [{ field, message: `${field} trae una secuencia de escape (%) no válida` }]);
  }
}
