/**
 * A number field's text as the control API's number when it is one written plainly (`12`, `-1`,
 * `0.25`), else the text as typed, for the API to refuse naming the field: `0x10`, `1e3` and ` 5`
 * are no count a person means. The dashboard's forms and the CLI's options read numbers so.
 */
export const typedNumber = (text: string): number | string => (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text);
