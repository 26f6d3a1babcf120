import { mexicoCityTime } from '../lib/human-text.ts';
import { html, type Html } from './html.ts';

/** Where the dashboard is mounted (server/app.ts); every link and form action starts here. */
export const BASE = '/dashboard';

/** An id shortened for the eye, whole for the clipboard and for screen readers. */
export const copyable = (id: string, what: string): Html =>
  html`<span class="id"><code title="${id}">${id.slice(0, 8)}</code><button type="button" class="copiar" data-copy="${id}" aria-label="Copiar ${what}: ${id}">Copiar</button></span>`;

const FAMILY: Record<string, string> = {
  approved: 'ok', bound: 'ok', synced: 'ok', completed: 'ok', active: 'ok', registered: 'ok', activo: 'ok', submitted: 'ok',
  pending: 'espera', invited: 'espera', awaiting: 'espera', running: 'espera', under_review: 'espera', pending_platform_a: 'espera', not_submitted: 'espera',
  rejected: 'mal', failed: 'mal', suspended: 'mal', error: 'mal', slow: 'espera',
};

/** A state value as the API names it (QA reads these values in the API's answers), coloured by kind. */
export const badge = (value: string | null | undefined): Html =>
  value == null ? html`<span class="estado">—</span>` : html`<span class="estado estado-${FAMILY[value] ?? 'neutro'}">${value}</span>`;

/** A job's kind in words. */
export const JOB_KIND: Record<string, string> = { vehicle_registrations: 'registro de vehículos', driver_invitations: 'invitación de conductores' };

/** A simulated instant in Mexico City time (the API's calendar), the exact ISO value on hover. */
export function when(iso: string | null | undefined): Html {
  if (!iso) return html`<span class="nada">—</span>`;
  return html`<time datetime="${iso}" title="${iso}">${mexicoCityTime(iso)}</time>`;
}

/**
 * A data table with a caption (its name for screen readers) and a line for when it is empty. `tarjetas`:
 * on a phone each row becomes a card, its cells labelled by their `data-label` (style.ts), so wide
 * rows never hide their buttons beyond a sideways scroll.
 */
export function table(caption: string, headers: string[], rows: Html[], empty: string, layout: 'tabla' | 'tarjetas' = 'tabla'): Html {
  if (rows.length === 0) return html`<p class="vacio">${empty}</p>`;
  return html`<div class="${layout === 'tarjetas' ? 'tabla tarjetas' : 'tabla'}"><table>
    <caption>${caption}</caption>
    <thead><tr>${headers.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
    <tbody>${rows}</tbody>
  </table></div>`;
}

/** A note under a list that was cut: how to see the rest. */
export const more = (hasMore: boolean, hint: string): Html | null => (hasMore ? html`<p class="nota">${hint}</p>` : null);

/**
 * A snapshot name's rule (snapshots/files.ts, SNAPSHOT_NAME) for a form's `pattern`: browsers compile
 * it with the `v` flag, where a `-` left bare at a class's end is an error, and the field then went
 * unchecked.
 */
export const SNAPSHOT_NAME_PATTERN = '[a-z0-9\\-]{1,64}';
/** Said before a name is refused: the browser shows a pattern's `title` as its own message too. */
export const SNAPSHOT_NAME_RULE = 'de 1 a 64 letras minúsculas, dígitos o guiones';

const OUT_OF_BAND = html` hx-swap-oob="true"`;

/** The API's values with their Spanish beside them, as the page's menus and lines show them. */
export const GLOSSES = {
  registration: { none: 'sin registro', pending: 'pendiente', approved: 'aprobado', rejected: 'rechazado' },
  card: { pending: 'pendiente', approved: 'aprobada', rejected: 'rechazada' },
  invitation: { none: 'sin invitación', invited: 'invitado', bound: 'vinculado', rejected: 'rechazada' },
} satisfies Record<string, Record<string, string>>;

/** `approved (aprobado)`; a value the words do not know, as it is. */
export const glossed = (value: string, words: Record<string, string>): string => (Object.hasOwn(words, value) ? `${value} (${words[value]})` : value);

/**
 * A number field as text (a numeric keypad on a phone): a number input holds "" for what it cannot
 * read (`5-`), and the forms, judged by the control API (novalidate), sent nothing for it: a world
 * with no fixture, no error. As text, what was typed reaches the API, which names the field.
 */
export const numberField = (name: string, size: number, { decimal = false, placeholder }: { decimal?: boolean; placeholder?: string } = {}): Html =>
  html`<input name="${name}" type="text" inputmode="${decimal ? 'decimal' : 'numeric'}" class="cifra" size="${String(size)}" autocomplete="off"${placeholder === undefined ? null : html` placeholder="${placeholder}"`}>`;

/**
 * The page's two answer regions: an action's error (#avisos) and what it did (#resultado). An answer
 * fills one and sends the other out of band, empty: a line left from the last action would read as
 * this one's.
 */
export const avisosRegion = (outOfBand = false): Html => html`<div id="avisos" class="avisos" role="alert"${outOfBand ? OUT_OF_BAND : null}></div>`;
export const resultadoRegion = (outOfBand = false): Html =>
  html`<div id="resultado" class="resultado" role="status" aria-live="polite"${outOfBand ? OUT_OF_BAND : null}></div>`;
/**
 * The worlds page's box under its create form: the world just made and its key. Any other action of
 * the page empties it (out of band): a reset, a restore or a deletion may have removed that world,
 * and its key, left in view, would open the next world made with the same id.
 */
export const creadoRegion = (outOfBand = false): Html => outOfBand
  // Its content alone: the element, watched to bring the next key into view (dashboard.js), stays.
  ? html`<div id="creado" hx-swap-oob="innerHTML"></div>`
  : html`<div id="creado" class="resultado" role="status" aria-live="polite" data-a-la-vista></div>`;

/** The line an action answers with, announced politely to screen readers (the #resultado region). */
export const done = (text: string, extra: Html | null = null): Html => html`<p class="hecho">${text}</p>${extra}`;

/** A key just made, its secret shown this once with a copy button (the API keeps only its hash). */
export const keyShownOnce = (key: { prefix: string; key: string }): Html =>
  html`<p>Clave <code>${key.prefix}</code> (solo se muestra ahora):
    <code class="secreto">${key.key}</code><button type="button" class="copiar" data-copy="${key.key}" aria-label="Copiar la clave de API">Copiar</button></p>`;

export interface SearchCard {
  title: string;
  /** The list's partial; the form GETs it with its one field. */
  url: string;
  /** The id of the element the list lives in, which each search replaces. */
  list: string;
  field: string;
  label: string;
  button: string;
  placeholder?: string;
}

/** A card whose list is searched by one field; the search runs again after every action. */
export function searchCard(c: SearchCard, list: Html): Html {
  const heading = `t-${c.list}`;
  return html`<section class="tarjeta" aria-labelledby="${heading}">
    <h2 id="${heading}">${c.title}</h2>
    <form role="search" hx-get="${c.url}" hx-target="#${c.list}" hx-swap="outerHTML" hx-trigger="submit, mundo-cambiado from:body">
      <div class="fila"><label>${c.label} <input type="search" name="${c.field}" maxlength="20" placeholder="${c.placeholder ?? ''}" autocomplete="off"></label><button type="submit" class="secundario">${c.button}</button></div>
    </form>
    ${list}
  </section>`;
}
