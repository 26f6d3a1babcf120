/**
 * A UTF-16 surrogate without its pair (`\ud800` in JSON): no character at all, which SQLite and
 * every encoder store as U+FFFD, so the text kept is not the one answered. Part of the patterns that
 * refuse a name, a city or a fault rule's path.
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
