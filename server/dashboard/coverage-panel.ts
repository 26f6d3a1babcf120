import type { Request, Response } from 'express';
import { coveragePercentText, type TransitionCount } from '../coverage/report.ts';
import { BASE, table } from './components.ts';
import { requireWorld, type Dashboard } from './context.ts';
import { html, seg, type Html } from './html.ts';

const transition = (t: TransitionCount) => `${t.from ?? '(nuevo)'} → ${t.to}`;

/**
 * The world's transition coverage, as `GET /_testbed/coverage?tenant=` answers it: which transitions
 * of spec §3 happened here and how often, those never seen first so that the gaps stand out.
 */
export function coveragePanel(ctx: Dashboard, tenantId: string): Html {
  const report = ctx.services.coverage.report(tenantId);
  const ordered = [...report.transitions.filter((t) => t.count === 0), ...report.transitions.filter((t) => t.count > 0)];
  const rows = ordered.map((t) => html`<tr${t.count === 0 ? html` class="sin-cubrir"` : null}>
    <td><code>${t.machine}</code></td><td>${transition(t)}</td>
    <td class="numero">${t.count === 0 ? html`<span class="estado estado-mal">nunca</span>` : t.count}</td></tr>`);
  return html`<div id="cobertura" hx-get="${BASE}/worlds/${seg(tenantId)}/coverage" hx-trigger="mundo-cambiado from:body" hx-swap="outerHTML">
    <p class="resumen"><span>Cubiertas <strong>${report.covered}</strong> de <strong>${report.total}</strong> transiciones (${coveragePercentText(report)})</span>
      <progress class="progreso" max="${report.total}" value="${report.covered}" aria-label="Transiciones cubiertas">${report.covered}/${report.total}</progress></p>
    <details><summary>Ver cada transición (las que nunca ocurrieron primero)</summary>
      ${table('Transiciones del §3 de la especificación en este mundo', ['Máquina', 'Transición', 'Veces'], rows, 'No hay transiciones declaradas.')}
    </details>
  </div>`;
}

/** `GET /dashboard/worlds/:world/coverage`. */
export const coveragePartial = (ctx: Dashboard) => (req: Request, res: Response): void => {
  res.type('html').send(coveragePanel(ctx, requireWorld(ctx, req).id).value);
};
