import { avisosRegion, BASE, resultadoRegion } from './components.ts';
import { html, seg, type Html } from './html.ts';

type WorldTab = 'datos' | 'ver' | 'solicitudes';

export interface PageOptions {
  /** The world the page belongs to: adds its tabs under the header. */
  world?: { id: string; name: string; tab: WorldTab };
  /** Chart.js is loaded only where charts are drawn. */
  charts?: boolean;
}

function worldTabs(world: NonNullable<PageOptions['world']>): Html {
  const tab = (name: WorldTab, href: string, label: string) =>
    html`<a href="${href}"${world.tab === name ? html` aria-current="page"` : null}>${label}</a>`;
  const base = `${BASE}/worlds/${seg(world.id)}`;
  return html`<nav class="pestanas" aria-label="Secciones del mundo">
    ${tab('datos', base, 'Datos y acciones')}${tab('ver', `${base}/look`, 'Gráficas e historia')}${tab('solicitudes', `${base}/requests`, 'Solicitudes')}
  </nav>`;
}

/**
 * Every page: the assets (all served from the package: the dashboard works offline), a skip link
 * for keyboard users, and the two live regions that actions answer into: #resultado for what an
 * action did (polite), #avisos for the API's error message (an alert).
 */
export function page(title: string, body: Html, options: PageOptions = {}): Html {
  return html`<!doctype html>
<html lang="es">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title} · Panel del testbed</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="${BASE}/assets/dashboard.css">
  <script src="${BASE}/assets/htmx.js" defer></script>
  ${options.charts ? html`<script src="${BASE}/assets/chart.js" defer></script>` : null}
  <script src="${BASE}/assets/dashboard.js" defer></script>
</head>
<body>
  <a class="saltar" href="#contenido">Saltar al contenido</a>
  <header class="cabecera">
    <a class="marca" href="${BASE}">Fleet testbed · Panel de QA</a>
    <nav aria-label="Principal"><a href="${BASE}">Mundos</a> <a href="/docs/">Documentación de la API</a></nav>
  </header>
  <main id="contenido">
    <h1>${title}</h1>
    ${options.world ? worldTabs(options.world) : null}
    ${avisosRegion()}
    ${resultadoRegion()}
    ${body}
  </main>
</body>
</html>`;
}
