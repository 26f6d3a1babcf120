/** The dashboard's stylesheet, served as /dashboard/assets/dashboard.css (text in a module: see client-script.ts). */
export const STYLESHEET = `
:root { --fondo: #f6f7f9; --tinta: #1f2933; --suave: #52606d; --borde: #d9dee4; --marca: #1d4ed8;
  --ok: #0f766e; --ok-fondo: #ccfbf1; --espera: #92400e; --espera-fondo: #fef3c7; --mal: #b91c1c; --mal-fondo: #fee2e2; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--tinta); background: var(--fondo); }
a { color: var(--marca); }
:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.saltar { position: absolute; left: -9999px; }
.saltar:focus { left: 1rem; top: .5rem; background: #fff; padding: .5rem 1rem; z-index: 2; }
.fuera { position: fixed; opacity: 0; pointer-events: none; }
/* htmx hides an indicator only from sight: out of a request it kept its room (a blank line on a phone). */
.htmx-indicator { display: none; }
.htmx-request .htmx-indicator, .htmx-request.htmx-indicator { display: inline; }
.cabecera { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: .4rem 1rem; padding: .7rem 1.5rem; background: #111827; }
.cabecera a { color: #f9fafb; text-decoration: none; margin-left: 1rem; }
.cabecera .marca { font-weight: 700; margin-left: 0; }
main { max-width: 1240px; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
h1 { font-size: 1.6rem; margin: .5rem 0 .75rem; }
h2 { font-size: 1.15rem; margin: 0 0 .6rem; }
h3 { font-size: 1rem; margin: .8rem 0 .4rem; }
.pestanas { display: flex; gap: .25rem; border-bottom: 2px solid var(--borde); margin-bottom: 1rem; }
.pestanas a { padding: .45rem .9rem; text-decoration: none; border-radius: 6px 6px 0 0; }
.pestanas a[aria-current="page"] { background: #fff; border: 2px solid var(--borde); border-bottom-color: #fff; margin-bottom: -2px; font-weight: 600; color: var(--tinta); }
.tarjeta { background: #fff; border: 1px solid var(--borde); border-radius: 8px; padding: 1rem 1.1rem; margin-bottom: 1rem; }
.rejilla { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(330px, 100%), 1fr)); gap: 1rem; }
.rejilla > * { min-width: 0; }
.rejilla > .tarjeta { margin-bottom: 0; }
.resumen { display: flex; flex-wrap: wrap; gap: .4rem 1.5rem; align-items: center; margin-bottom: 1rem; color: var(--suave); }
.resumen strong { color: var(--tinta); }
.tabla { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
caption { text-align: left; color: var(--suave); font-size: .85rem; padding-bottom: .3rem; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid var(--borde); vertical-align: top; }
/* A world's name with no space to break at (200 characters are allowed) wraps in titles and answers. */
h1, h2, .avisos, .resultado { overflow-wrap: anywhere; }
th { background: #f1f3f6; font-weight: 600; white-space: nowrap; }
tbody tr:hover { background: #f8fafc; }
/* And in its table cell, instead of pushing the other columns out of the card. Only that cell: on
   every cell, a squeezed table broke buttons and key prefixes. */
td.clave { font-weight: 600; overflow-wrap: anywhere; min-width: 8rem; }
.nowrap { white-space: nowrap; }
.par { display: block; white-space: nowrap; font-size: .82rem; color: var(--suave); line-height: 1.7; }
td.numero, th.numero { text-align: right; font-variant-numeric: tabular-nums; }
form { margin: 0; }
form.clave-nueva { display: flex; flex-wrap: wrap; gap: .4rem .8rem; align-items: baseline; margin-bottom: 1rem; }
/* Beside its button, where it was asked for: not over the red line of a later action, as a sticky answer would be. */
#clave-nueva { position: static; box-shadow: none; }
.fila { display: flex; flex-wrap: wrap; gap: .5rem .75rem; align-items: flex-end; margin: .4rem 0; }
label { display: flex; flex-direction: column; font-size: .82rem; color: var(--suave); gap: .15rem; }
input, select { font: inherit; padding: .3rem .45rem; border: 1px solid #9aa5b1; border-radius: 5px; background: #fff; color: var(--tinta); }
input[type="date"] { min-width: 9.5rem; }
input.cifra { width: 6.5rem; }
label.casilla { flex-direction: row; align-items: center; gap: .35rem; color: var(--tinta); }
fieldset.fila { border: 0; padding: 0; }
fieldset.fila legend { font-size: .82rem; color: var(--suave); padding: 0; margin-bottom: .15rem; }
button { font: inherit; padding: .32rem .8rem; border-radius: 5px; border: 1px solid var(--marca); background: var(--marca); color: #fff; cursor: pointer; }
button.secundario, button.copiar { background: #fff; color: var(--marca); }
button.peligro { background: #fff; color: var(--mal); border-color: var(--mal); }
button.copiar { padding: 0 .35rem; font-size: .75rem; margin-left: .3rem; }
button:disabled { opacity: .55; cursor: progress; }
.id { white-space: nowrap; }
.id code { font-size: .82rem; }
figure { margin: 0; }
.estado { display: inline-block; padding: 0 .45rem; border-radius: 999px; font-size: .8rem; background: #e5e7eb; white-space: nowrap; }
.estado-ok { background: var(--ok-fondo); color: var(--ok); }
.estado-espera { background: var(--espera-fondo); color: var(--espera); }
.estado-mal { background: var(--mal-fondo); color: var(--mal); }
.avisos:empty, .resultado:empty { display: none; }
.avisos, .resultado { border-radius: 8px; padding: .6rem .9rem; margin-bottom: 1rem; }
/* An action far down a long page answers at its top: the message stays in view as the page scrolls. */
.avisos, .resultado { position: sticky; top: .5rem; z-index: 5; box-shadow: 0 2px 6px rgb(0 0 0 / .12); }
.avisos { background: var(--mal-fondo); border: 1px solid #fca5a5; }
.resultado { background: #ecfdf5; border: 1px solid #a7f3d0; }
.avisos p, .resultado p { margin: 0; }
.secreto { display: inline-block; margin-top: .3rem; font-size: .85rem; background: #f1f5f9; padding: .1rem .4rem; border-radius: 4px; }
.nota, .vacio, .nada { color: var(--suave); font-size: .88rem; }
.progreso { width: 9rem; vertical-align: middle; }
.graficas { grid-template-columns: 1fr; }
.grafica { position: relative; height: 240px; }
details { margin-top: .4rem; }
summary { cursor: pointer; color: var(--marca); font-size: .88rem; }
tr.sin-cubrir td { background: #fff7f7; }
.linea-tiempo { list-style: none; padding: 0; margin: 0; }
.linea-tiempo li { display: grid; grid-template-columns: 10.5rem 7rem 1fr; gap: .75rem; padding: .35rem 0; border-bottom: 1px solid var(--borde); }
.plataforma-platform_a { color: #1d4ed8; font-weight: 600; }
.plataforma-platform_b { color: #c2410c; font-weight: 600; }
.plataforma-api { color: var(--suave); font-weight: 600; }
.solicitudes { list-style: none; padding: 0; margin: 0; }
.solicitud { border-bottom: 1px solid var(--borde); padding: .3rem 0; }
.solicitud summary { color: inherit; font-size: .92rem; overflow-wrap: anywhere; }
.metodo { display: inline-block; min-width: 3.6rem; font-weight: 700; font-family: monospace; }
.intercambio { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(22rem, 100%), 1fr)); gap: .75rem; }
.mensaje h3 { font-size: .92rem; margin: .4rem 0; }
.cabeceras, .cuerpo { background: #f8fafc; border: 1px solid var(--borde); border-radius: 6px; padding: .5rem; font-size: .8rem; overflow: auto; max-height: 24rem; white-space: pre-wrap; overflow-wrap: anywhere; }
canvas { max-width: 100%; }
#creado:not(:empty) { margin: .6rem 0 0; }
/* A phone: the page never scrolls sideways. Rows of the card tables become cards, each cell under its label. */
@media (max-width: 640px) {
  main { padding: .75rem .75rem 2rem; }
  .cabecera { padding: .6rem .75rem; }
  .cabecera nav a { margin: 0 .9rem 0 0; }
  .tarjeta { padding: .8rem; }
  .tarjetas table, .tarjetas tbody, .tarjetas tr, .tarjetas td, .tarjetas caption { display: block; width: 100%; }
  .tarjetas thead { position: absolute; left: -9999px; }
  .tarjetas tr { border: 1px solid var(--borde); border-radius: 8px; padding: .4rem .7rem; margin-bottom: .6rem; }
  .tarjetas td { border: 0; padding: .2rem 0; text-align: left; }
  .tarjetas td::before { content: attr(data-label); display: block; color: var(--suave); font-size: .78rem; }
  .tarjetas td.clave, .tarjetas .par, .tarjetas .id { white-space: normal; }
  .id code, .secreto { word-break: break-all; }
  .linea-tiempo li { grid-template-columns: 1fr; gap: .1rem; }
}
`;
