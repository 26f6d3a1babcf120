/**
 * Edits (insert, delete, replace a character, or swap two side by side) from `a` to `b`, any case:
 * the optimal string alignment distance, where `nmae` is one edit from `name`, as a typo is.
 */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) row[j] = Math.min(row[j], before[j - 2] + 1);
    }
    before = previous;
    previous = row;
  }
  return previous[y.length];
}

/**
 * The names a misspelt one most likely meant (`createVehicles` → `createVehicle`): those the fewest
 * edits away, up to a third of its length (at least 2; 1 below five letters, where two edits make
 * another word: `note` is not `name`), so an unrelated word suggests nothing.
 */
export function similarNames(wrong: string, names: Iterable<string>): string[] {
  const most = wrong.length < 5 ? 1 : Math.max(2, Math.floor(wrong.length / 3));
  let best = Infinity;
  let found: string[] = [];
  for (const name of names) {
    const d = distance(wrong, name);
    if (d > most || d > best) continue;
    if (d < best) (best = d), (found = []);
    found.push(name);
  }
  return found;
}
