/**
 * Which words of two texts differ, for the history's comparison: each text as pieces that join
 * back into it, the words the other text does not have marked. A longest common subsequence of
 * words and the spaces between them; texts too long to compare word by word quickly come back
 * whole and unmarked (the comparison still shows both).
 */

export type WordPiece = { text: string; changed: boolean };

/** Largest table compared (words of one x words of the other): a few milliseconds, a few MB. */
const maxCells = 4_000_000;

function tokens(text: string): Array<string> {
  return text.match(/\s+|\S+/g) ?? [];
}

/**
 * Consecutive pieces with the same mark as one; a space between two changed words counts as
 * changed, so a changed phrase is one highlight, not a word at a time.
 */
function joined(pieces: ReadonlyArray<WordPiece>): Array<WordPiece> {
  const out: Array<WordPiece> = [];
  for (const [index, each] of pieces.entries()) {
    const between = !each.changed && each.text.trim() === "" && pieces[index - 1]?.changed && pieces[index + 1]?.changed;
    const piece = between ? { ...each, changed: true } : each;
    const last = out.at(-1);
    if (last && last.changed === piece.changed) last.text += piece.text;
    else out.push({ ...piece });
  }
  return out;
}

export function wordDifferences(a: string, b: string): { a: Array<WordPiece>; b: Array<WordPiece> } {
  const x = tokens(a);
  const y = tokens(b);
  if (x.length * y.length > maxCells) return { a: [{ text: a, changed: false }], b: [{ text: b, changed: false }] };
  // common[i][j]: the longest common run of x from i and y from j.
  const common = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--) {
    const row = common[i]!;
    const below = common[i + 1]!;
    for (let j = y.length - 1; j >= 0; j--) {
      row[j] = x[i] === y[j] ? below[j + 1]! + 1 : Math.max(below[j]!, row[j + 1]!);
    }
  }
  const pieces = { a: [] as Array<WordPiece>, b: [] as Array<WordPiece> };
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      pieces.a.push({ text: x[i++]!, changed: false });
      pieces.b.push({ text: y[j++]!, changed: false });
    } else if (common[i + 1]![j]! >= common[i]![j + 1]!) {
      pieces.a.push({ text: x[i++]!, changed: true });
    } else {
      pieces.b.push({ text: y[j++]!, changed: true });
    }
  }
  for (; i < x.length; i++) pieces.a.push({ text: x[i]!, changed: true });
  for (; j < y.length; j++) pieces.b.push({ text: y[j]!, changed: true });
  return { a: joined(pieces.a), b: joined(pieces.b) };
}
