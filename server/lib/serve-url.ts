/**
 * The serve's own surfaces, which a URL of the serve must not end in: every call of the CLI or the
 * testing library adds its path after it (…/v1/_testbed/clock), and the answer ("no serve listens",
 * "Falta la clave de API") pointed away from the URL. A path before them (a proxy's) is the root.
 */
const SURFACE = /\/(v1|_testbed|dashboard|docs)$/i;

/** The surface `url` (no trailing slash) ends in, such as `/v1`; null when it names the serve's root. */
export const surfaceAtEnd = (url: string): string | null => SURFACE.exec(new URL(url).pathname)?.[0] ?? null;
