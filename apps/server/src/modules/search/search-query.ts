import { searchSynonyms } from '@stashblog/contract/search-synonyms';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';

// Query text -> what each query word may match (decision 054). Words are split and normalised by PostgreSQL
// exactly as the documents are (simple dictionary, lower case, unaccent, any script).

type Ctx = Pick<AppContext, 'db'>;

/** How a document word matched a query word; its score is matchKindScore. */
export type MatchKind = 'exact' | 'stem' | 'prefix' | 'synonym' | 'typo';
export const matchKindScore: Record<MatchKind, number> = { exact: 10, stem: 9, prefix: 6, synonym: 5, typo: 4 };

/** One way to match a query word: a phrase of lexemes (one or more), or for 'prefix' the start of a lexeme. */
export type Alternative = { kind: MatchKind; words: string[]; expansions?: string[] };
/** A query word and what stands for it; none: it matches nothing. */
export type QueryUnit = { alternatives: Alternative[] };

// A word starting more known words than this is a true prefix (':*') in the tsquery instead of its expansions.
const maxExpansions = 20;
// search_words holds every document word of 2 to this many characters (written with each product and catalogue, db/tenant-writes.ts): others are kept as typed.
const vocabularyWordMax = 60;
const typoMin = 4;
/** A LIKE pattern for the words starting with `col`. */
const likePrefix = (col: SQL) => sql`replace(replace(replace(${col}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

/** Simple English plural forms: the word's singulars and plurals ('lamps' -> lamp, 'lamp' -> lamps, 'boxes' -> box). */
export function stemVariants(w: string): string[] {
  if (w.length < 3 || !/^[a-z]+$/.test(w)) return [];
  const out = new Set<string>();
  if (w.endsWith('ies') && w.length > 4) out.add(`${w.slice(0, -3)}y`);
  if (/(s|x|z|ch|sh)es$/.test(w)) out.add(w.slice(0, -2));
  if (w.endsWith('s') && !w.endsWith('ss')) out.add(w.slice(0, -1));
  if (!w.endsWith('s')) {
    out.add(/(s|x|z|ch|sh)$/.test(w) ? `${w}es` : `${w}s`);
    if (/[^aeiou]y$/.test(w)) out.add(`${w.slice(0, -1)}ies`);
  }
  out.delete(w);
  return [...out];
}

/** Edit distance (insert, delete, substitute, swap two neighbours: 'bangels' is 1 from 'bangles'), capped at max + 1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min((up[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] ?? 0, (d[i - 2]?.[j - 2] ?? 0) + 1);
    }
  return Math.min(d[a.length]?.[b.length] ?? max + 1, max + 1);
}

/**
 * Every word one edit away from `w` (a letter deleted, inserted, replaced, or two neighbours swapped), for a Latin
 * word of typoMin letters or more; none otherwise. Trigram similarity misses a typo near a short word's start ('chiar'
 * and 'chair' share 2 of 10 letter triples), so these are looked up in the vocabulary beside it.
 */
export function oneEditAway(w: string): string[] {
  if (w.length < typoMin || !/^[a-z]+$/.test(w)) return [];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const out = new Set<string>();
  for (let i = 0; i <= w.length; i++) {
    const [head, tail] = [w.slice(0, i), w.slice(i)];
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + (tail[1] ?? '') + (tail[0] ?? '') + tail.slice(2));
    for (const c of letters) {
      if (tail) out.add(head + c + tail.slice(1));
      out.add(head + c + tail);
    }
  }
  out.delete(w);
  return [...out];
}

/** Text split into lexemes as the documents are, in order. */
async function lexemesOf(ctx: Ctx, texts: string[]): Promise<string[][]> {
  if (texts.length === 0) return [];
  const { rows } = await ctx.db.execute<{ words: string[] }>(sql`select array(select v.lexeme
      from unnest(to_tsvector('simple'::regconfig, stash_unaccent(q.t))) v order by v.positions[1]) as words
    from unnest(${sql.param(texts)}::text[]) with ordinality q(t, i) order by q.i`);
  return rows.map((r) => r.words);
}

// The synonym table in lexemes, normalised by PostgreSQL once per process (the table is code).
let synonymLexemes: Promise<string[][][]> | null = null;
function synonymGroups(ctx: Ctx): Promise<string[][][]> {
  if (!synonymLexemes) {
    const flat = searchSynonyms.flat();
    synonymLexemes = lexemesOf(ctx, flat).then((lex) => {
      let i = 0;
      return searchSynonyms.map((g) => g.map(() => lex[i++] ?? []).filter((p) => p.length > 0));
    });
    synonymLexemes.catch(() => {
      synonymLexemes = null;
    });
  }
  return synonymLexemes;
}

const key = (phrase: string[]) => phrase.join(' ');

/**
 * The query's units, each with its alternatives: the word itself when some document has it, its plural/singular forms,
 * the other members of its synonym groups, its expansions as a prefix (only when no document has the word whole),
 * near words for a typo (4 letters or more, 1 edit up to 7 letters, 2 beyond; never a word under 4 letters).
 */
export async function planQuery(ctx: Ctx, text: string): Promise<QueryUnit[]> {
  const [words = []] = await lexemesOf(ctx, [text]);
  const groups = await synonymGroups(ctx);
  // Every word is a unit. A synonym phrase in the query ('kali mirch') gives each of its words the phrase's synonyms,
  // so an item with the synonym has them all, and one with a single word of the phrase still has that word.
  const phraseSynonyms = new Map<string, string[][]>();
  for (let i = 0; i < words.length; i++)
    for (const g of groups)
      for (const p of g)
        if (p.length > 1 && key(words.slice(i, i + p.length)) === key(p))
          for (const w of p) phraseSynonyms.set(w, [...(phraseSynonyms.get(w) ?? []), ...g.filter((o) => key(o) !== key(p))]);
  const unique = [...new Set(words)].map((w) => [w]);
  const variants = unique.map((s) => stemVariants(s[0] ?? ''));
  const synonymsOf = unique.map((s, i) => {
    const forms = new Set([key(s), ...(variants[i] ?? [])]);
    const found = [...groups.filter((g) => g.some((p) => forms.has(key(p)))).flat(), ...(phraseSynonyms.get(s[0] ?? '') ?? [])];
    // A one-word synonym with its plural/singular forms ('chudi' finds 'bangles' through 'bangle').
    const withForms = found.flatMap((p) => (p.length === 1 ? [p, ...stemVariants(p[0] ?? '').map((v) => [v])] : [p]));
    return [...new Map(withForms.filter((p) => !forms.has(key(p))).map((p) => [key(p), p])).values()];
  });
  const asked = [...new Set([...unique.flat(), ...variants.flat(), ...synonymsOf.flat(2)])];
  const { rows } = await ctx.db.execute<{ word: string }>(sql`select word from search_words where word = any(${sql.param(asked)}::text[])`);
  const known = new Set(rows.map((r) => r.word));
  const units: QueryUnit[] = unique.map((s, i) => {
    const alternatives: Alternative[] = [];
    const w = s[0] ?? '';
    if (known.has(w) || w.length < 2 || w.length > vocabularyWordMax) alternatives.push({ kind: 'exact', words: s });
    for (const v of variants[i] ?? []) if (known.has(v)) alternatives.push({ kind: 'stem', words: [v] });
    for (const p of synonymsOf[i] ?? []) if (p.every((x) => known.has(x))) alternatives.push({ kind: 'synonym', words: p });
    return { alternatives };
  });
  // Words no document has whole (nor a plural form): their prefix expansions, else near words.
  const open = unique.map((s, i) => (units[i]?.alternatives.some((a) => a.kind !== 'synonym') ? null : s[0]));
  const loose = open.filter((w): w is string => w !== null && w.length >= 2);
  if (loose.length === 0) return units;
  // Near words: by trigram similarity, and the known words one edit away (the same array on every row: one lookup).
  const { rows: near } = await ctx.db.execute<{ w: string; expansions: string[]; near: string[]; edited: string[] }>(sql`
    select q.w, x.expansions, case when cardinality(x.expansions) = 0 and length(q.w) >= ${typoMin}
        then array(select word from search_words where word % q.w order by similarity(word, q.w) desc, word limit 12)
        else '{}' end as near,
      array(select word from search_words where word = any(${sql.param(loose.flatMap(oneEditAway))}::text[])) as edited
    from unnest(${sql.param(loose)}::text[]) q(w),
    lateral (select array(select word from search_words where word like ${likePrefix(sql`q.w`)}
      order by length(word), word limit ${maxExpansions + 1}) as expansions) x`);
  const byWord = new Map(near.map((r) => [r.w, r]));
  open.forEach((w, i) => {
    const r = w ? byWord.get(w) : undefined;
    const unit = units[i];
    if (!w || !r || !unit) return;
    if (r.expansions.length > 0) {
      unit.alternatives.push({ kind: 'prefix', words: [w], expansions: r.expansions.length > maxExpansions ? undefined : r.expansions });
      return;
    }
    const edits = w.length <= 7 ? 1 : 2;
    for (const n of new Set([...r.near, ...r.edited]))
      if (n.length >= typoMin && editDistance(n, w, edits) <= edits) unit.alternatives.push({ kind: 'typo', words: [n] });
  });
  return units;
}

/** A tsquery lexeme literal (tsquery input syntax: quoted, quotes doubled, backslashes escaped). */
const lexeme = (w: string) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

function alternativeQuery(a: Alternative): string[] {
  if (a.kind === 'prefix') return a.expansions ? a.expansions.map(lexeme) : [`${lexeme(a.words[0] ?? '')}:*`];
  return [a.words.length > 1 ? `(${a.words.map(lexeme).join(' <-> ')})` : lexeme(a.words[0] ?? '')];
}

const unitQuery = (u: QueryUnit) => `(${[...new Set(u.alternatives.flatMap(alternativeQuery))].join(' | ')})`;

/** Items with every unit (null: a unit matches nothing, so no item has them all). */
export function everyUnitQuery(units: QueryUnit[]): string | null {
  if (units.length === 0 || units.some((u) => u.alternatives.length === 0)) return null;
  return units.map(unitQuery).join(' & ');
}

/** Items with any unit (null: none matches anything). */
export function anyUnitQuery(units: QueryUnit[]): string | null {
  const some = units.filter((u) => u.alternatives.length > 0);
  return some.length === 0 ? null : some.map(unitQuery).join(' | ');
}

// How many near words (by trigram similarity) stand in for a query word that matches nothing.
const nearWords = 3;
/** A tsquery lexeme literal in SQL: quoted, with quotes doubled and backslashes escaped (tsquery input syntax). */
const lexemeSql = (col: SQL) => sql`'''' || replace(replace(${col}, '\\', '\\\\'), '''', '''''') || ''''`;

/**
 * For the nav box's suggestions and the directory's searches: the user's text as tsquery text, built in PostgreSQL
 * so the query is split and normalised exactly like the documents (simple dictionary, lower case, unaccent; any
 * script). Words are ANDed. Each word of two or more characters matches as a prefix ('sof' finds 'sofa') through
 * its known expansions in `search_words`;
 * a word that starts no known word matches its nearest known words by trigram similarity instead
 * ('sofq' finds 'sofa'), and the known words one edit away ('slik' finds 'silk'). Null when the text has no words. The result goes back as a parameter, so
 * the planner sees the real query and its selectivity.
 *
 * The typed word itself is one of the alternatives only when it could occur in a document: the vocabulary
 * holds every document word of 2-60 characters, so a word of that length outside it matches nothing, and
 * as a GIN entry it still costs a share of every read ('walnot mirrer' as ('walnot' | 'walnut') & ...:
 * 9.5 ms against 7.8 ms for the same 15,625 postings in bench/search.ts). It stays when nothing else does,
 * so the search finds nothing.
 */
export async function tsqueryOf(ctx: Ctx, text: string, opts: { letterPrefix?: boolean } = {}): Promise<string | null> {
  // A one-character word ('7' in 'ornate walnut table 7', 'a') is a whole word in a submitted search: as a
  // prefix it stands for every word starting with it (bench/search.ts: '7':* is ~111,000 products, which GIN
  // collects whole before intersecting). The nav box's suggestions (letterPrefix) still complete it as typed.
  const letter = opts.letterPrefix ? sql`${lexemeSql(sql`w`)} || ':*'` : lexemeSql(sql`w`);
  // The strings one edit away from each Latin word (decision 069), keyed by the word as the documents would split it:
  // a guess, which at worst leaves a word to its trigram neighbours alone.
  const edits = Object.fromEntries(
    text
      .toLowerCase()
      .split(/[^a-z]+/)
      .map((w) => [w, oneEditAway(w)]),
  );
  const near = sql`array(select word from search_words where word % w order by similarity(word, w) desc, word limit ${nearWords})
    || array(select word from search_words where word in (select jsonb_array_elements_text(${JSON.stringify(edits)}::jsonb -> w)))`;
  const { rows } = await ctx.db.execute<{ tq: string | null }>(sql`
    select string_agg(case
        when length(w) < 2 then ${letter}
        when cardinality(x.expansions) > ${maxExpansions} then ${lexemeSql(sql`w`)} || ':*'
        else '(' || (select string_agg(${lexemeSql(sql`t`)}, ' | ')
          from (select distinct t from unnest(case when length(w) > ${vocabularyWordMax} then array[w] else '{}' end
            || case when cardinality(x.expansions) > 0 then x.expansions
              else coalesce(nullif(${near}, '{}'), array[w]) end) t) u) || ')'
      end, ' & ') as tq
    from (select distinct w from unnest(tsvector_to_array(to_tsvector('simple'::regconfig, stash_unaccent(${text})))) w) words,
    lateral (select array(select word from search_words where word like ${likePrefix(sql`w`)}
      order by length(word), word limit ${maxExpansions + 1}) as expansions) x`);
  return rows[0]?.tq ?? null;
}
