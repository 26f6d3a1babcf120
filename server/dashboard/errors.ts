import type { Request, Response } from 'express';
import { AppError, ERROR_CATALOG, type ErrorCode } from '../errors.ts';
import { ZodError } from 'zod';
import { createErrorHandler, zodValidation } from '../http/error-handler.ts';
import { requestIdOf } from '../http/request-id.ts';
import type { Logger } from '../lib/logger.ts';
import { PLATFORM_FAULT_HEADER } from '../lib/platform-fault-header.ts';
import { BASE, resultadoRegion } from './components.ts';
import { html, type Html } from './html.ts';
import { page } from './layout.ts';

/** htmx marks its requests; they get a fragment, a browser's navigation gets a whole page. */
export const fromHtmx = (req: Request): boolean => req.get('hx-request') === 'true';

/**
 * The API's error, as the dashboard shows it: the same code, status and Spanish message as the
 * control API would answer, in HTML. An htmx action's error goes to the page's #avisos region
 * (HX-Retarget), whatever the action's own target was.
 */
function sendHtmlError(res: Response, code: ErrorCode, message: string, _details: unknown = null, headers: Record<string, string> = {}, status: number = ERROR_CATALOG[code].status): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const requestId = requestIdOf(res);
  // A 503 a fault someone set made (lib/platform-fault-header.ts) says so, as the API's header does.
  const fault = headers[PLATFORM_FAULT_HEADER];
  const set = fault ? html` <small>(una falla puesta a propósito: ${fault.replace('scope=world', 'solo este mundo').replace('scope=testbed', 'todo el testbed')})</small>` : null;
  const alert = html`<p class="error"><strong>${code}</strong> ${message}${set}${requestId ? html` <small>(solicitud ${requestId})</small>` : null}</p>`;
  res.status(status).type('html');
  if (fromHtmx(res.req)) {
    res.setHeader('HX-Retarget', '#avisos');
    res.setHeader('HX-Reswap', 'innerHTML');
    // The last success line would read as this action's; and after a failed action the page's lists
    // reload, so that one a stale page still showed (a snapshot deleted in another tab) is as it is
    // now. Not after a failed read: the lists are reads, and one that fails (a bad filter, a world
    // gone) would reload itself again, and again, as fast as the browser can ask.
    // A world that is gone says so instead (context.ts): its lists have nothing to reload.
    if (res.req.method !== 'GET' && res.req.method !== 'HEAD' && !headers['HX-Trigger']) res.setHeader('HX-Trigger', 'mundo-cambiado');
    return void res.send(html`${alert}${resultadoRegion(true)}`.value);
  }
  res.send(page('No se pudo completar la solicitud', html`${alert}<p><a href="${BASE}">Volver a los mundos</a></p>`).value);
}

/**
 * A read refused for what its address asks (a bookmarked filter or window the API refuses, a journal
 * that is off), said where its list goes, in the page kept whole, rather than a page of its own with
 * only a way back: the status set, the alert returned. Anything else goes on to the error handler.
 */
export function inlineProblem(res: Response, err: unknown, id: string, codes: readonly ErrorCode[] = ['VALIDATION']): Html {
  const refused = err instanceof ZodError ? zodValidation(err) : err;
  if (!(refused instanceof AppError) || !codes.includes(refused.code)) throw err;
  res.status(refused.status);
  return html`<div id="${id}"><p class="error" role="alert"><strong>${refused.code}</strong> ${refused.message}</p></div>`;
}

/** What `render` makes, or in its place why the API refuses what the address asks (inlineProblem). */
export function orInlineProblem(res: Response, id: string, codes: readonly ErrorCode[], render: () => Html): Html {
  try {
    return render();
  } catch (err) {
    return inlineProblem(res, err, id, codes);
  }
}

/** The API's own error handler (one mapping of errors to codes and messages), rendering HTML. */
export const dashboardErrors = (logger: Logger) => createErrorHandler(logger, sendHtmlError);

/** A dashboard path that names no page. */
export function pageNotFound(req: Request): never {
  throw new AppError('NOT_FOUND', `La página ${req.method} ${req.baseUrl}${req.path} del panel no existe.`);
}
