import { type Alternative, matchKindScore, type QueryUnit } from './search-query.ts';

// How well an item matches (decision 054), read from its stored weighted search document (name A, category/tags/item
// no B, description C): per query unit found (dominant), then field weight x match kind, plus a phrase bonus, a bonus
// for a unit that ends the name and one for a short name (decision 071).

/** Field weights by document weight: name 10, labels (category, tags, item no) 3, description 1. */
const fieldWeight: Record<string, number> = { A: 10, B: 3, C: 1, D: 1 };
const perUnitFound = 10_000;
/** All the query's units side by side in one field, in order: this many times the field's weight. */
const phraseBonus = 5;
/** A unit that ends the name: its head word in English and Hinglish names ('Assam Tea', not 'Tea Caddy'). */
const headBonus = 8;
/** Divided by the name's length in words, when a unit is in the name. */
const shortNameBonus = 6;

type Occurrence = { pos: number; weight: string };
export type Doc = Map<string, Occurrence[]>;

/** A document's entries as the ranked read returns them: [lexeme, positions, weights] (unnest of a tsvector). */
export type DocEntry = [string, number[], string[]];

/** The entries as lexeme -> positions with weights ('D' where none is stored). */
export function docOf(entries: DocEntry[]): Doc {
  return new Map(entries.map(([word, positions, weights]) => [word, positions.map((pos, i) => ({ pos, weight: weights[i] ?? 'D' }))]));
}

/**
 * The lexemes scoreDoc looks at for these units: every alternative's words, and for a prefix the words starting
 * with it (as LIKE patterns). The ranked read returns these alone of each document.
 */
export function scoredWords(units: QueryUnit[]): { words: string[]; prefixes: string[] } {
  const alternatives = units.flatMap((u) => u.alternatives);
  return {
    words: [...new Set(alternatives.filter((a) => a.kind !== 'prefix').flatMap((a) => a.words))],
    prefixes: [...new Set(alternatives.filter((a) => a.kind === 'prefix').map((a) => `${(a.words[0] ?? '').replace(/[\\%_]/g, '\\$&')}%`))],
  };
}

/** Where an alternative occurs in the document (its first word's occurrences, for a phrase the whole phrase). */
function occurrences(doc: Doc, a: Alternative): Occurrence[] {
  if (a.kind === 'prefix') {
    const start = a.words[0] ?? '';
    const out: Occurrence[] = [];
    for (const [w, occ] of doc) if (w.startsWith(start)) out.push(...occ);
    return out;
  }
  const [first = '', ...rest] = a.words;
  const occ = doc.get(first) ?? [];
  if (rest.length === 0) return occ;
  return occ.filter((o) => rest.every((w, i) => (doc.get(w) ?? []).some((r) => r.pos === o.pos + i + 1 && r.weight === o.weight)));
}

/**
 * An item's relevance to the query units: higher is better; 0 when it matches none. `nameEnd`: the position of the
 * name's last word in the document (the name is positions 1 to nameEnd).
 */
export function scoreDoc(doc: Doc, units: QueryUnit[], nameEnd = 0): number {
  let score = 0;
  const unitPositions: Occurrence[][] = [];
  for (const u of units) {
    let best = 0;
    let head = false;
    const seen: Occurrence[] = [];
    for (const a of u.alternatives) {
      for (const o of occurrences(doc, a)) {
        best = Math.max(best, (fieldWeight[o.weight] ?? 1) * matchKindScore[a.kind]);
        if (o.weight === 'A' && o.pos + a.words.length - 1 === nameEnd) head = true;
        if (a.words.length === 1) seen.push(o);
      }
    }
    if (best > 0) score += perUnitFound + best + (head ? headBonus : 0);
    unitPositions.push(seen);
  }
  // A shorter name says less besides the query's words.
  if (nameEnd > 0 && unitPositions.some((occ) => occ.some((o) => o.weight === 'A'))) score += shortNameBonus / nameEnd;
  if (units.length > 1) score += phraseBonus * phraseWeight(unitPositions);
  return score;
}

/** The best field weight in which every unit occurs side by side in query order (0: nowhere). */
function phraseWeight(unitPositions: Occurrence[][]): number {
  let best = 0;
  for (const start of unitPositions[0] ?? []) {
    const side = unitPositions.every((occ, i) => occ.some((o) => o.pos === start.pos + i && o.weight === start.weight));
    if (side) best = Math.max(best, fieldWeight[start.weight] ?? 1);
  }
  return best;
}

export type Scored = { score: number; createdAt: string; id: string };

/** Best first; recency (then id) only breaks ties. */
export const byRelevance = (a: Scored, b: Scored) =>
  b.score - a.score || (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
