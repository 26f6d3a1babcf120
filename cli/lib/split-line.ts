/**
 * Splits a batch line into words as a POSIX shell would for simple quoting, with no expansion:
 * spaces and tabs separate words; '…' keeps everything literally; "…" keeps everything but \" and
 * \\; outside quotes a backslash keeps the next character; a # that starts a word starts a comment.
 * Quoted parts next to other text join it (--name="Flota Uno" is one word).
 */
export function splitLine(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === ' ' || c === '\t' || c === '\r') {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === '#' && word === null) {
      break;
    } else if (c === "'" || c === '"') {
      const end = closingQuote(line, i);
      word = (word ?? '') + (c === "'" ? line.slice(i + 1, end) : line.slice(i + 1, end).replace(/\\(["\\])/g, '$1'));
      i = end;
    } else if (c === '\\') {
      if (i + 1 === line.length) throw new LineSyntaxError('barra invertida al final de la línea (un comando va en una sola línea)');
      word = (word ?? '') + line[++i];
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** Where the quote opened at `start` closes; inside double quotes, \" does not close it. */
function closingQuote(line: string, start: number): number {
  const quote = line[start];
  for (let i = start + 1; i < line.length; i++) {
    if (quote === '"' && line[i] === '\\') i++;
    else if (line[i] === quote) return i;
  }
  throw new LineSyntaxError(`comilla ${quote} sin cerrar`);
}

export class LineSyntaxError extends Error {}
