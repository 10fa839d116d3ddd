import { searchCountCap } from '@stashblog/contract/search-options';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { itemIsPublic, itemShows, itemShowsIn } from '../businesses/visibility.ts';
import { commonRows, counted, countMatches, ginCount } from './search-count.ts';
import {
  createdAtText,
  type MatchOptions,
  type MatchPage,
  orderBy,
  type Row,
  type SearchKind,
  type Source,
  sources,
  tableOrder,
  walkRowsMax,
  walkRowsMin,
  walkRowsPerMatch,
} from './search-sources.ts';
import {
  bitmapOnly,
  direct,
  type Exec,
  estimate,
  estimates,
  noIndex,
  type Planned,
  type Scan,
  searchTransaction,
} from './search-steering.ts';
import {
  chainedProbe,
  merge,
  type Probe,
  recencyEdges,
  recencyOrdered,
  recentShares,
  tierCondition,
  tierIndex,
  tierProbe,
  toPage,
  weighted,
  wholeTierRows,
} from './search-tiers.ts';

// The one search engine (docs/decisions/007, 017, 024 and 026) behind the storefront search, the nav box's
// suggestions and the directory's product and catalogue searches: what a term matches, in which order,
// and how many matches there are (exact up to searchCountCap).

type Ctx = Pick<AppContext, 'db'>;

// How many near words (by trigram similarity) stand in for a query word that matches nothing.
const nearWords = 3;
// A word starting more known words than this is matched as a true prefix (':*') instead of by its
// expansions; below it, the expansions are exact lexemes, which the GIN index answers much faster.
const maxExpansions = 20;
// search_words holds every word of every document up to this length (written with each product and catalogue, db/tenant-writes.ts).
const vocabularyWordMax = 60;

/** A tsquery lexeme literal: quoted, with quotes doubled and backslashes escaped (tsquery input syntax). */
const lexeme = (col: SQL) => sql`'''' || replace(replace(${col}, '\\', '\\\\'), '''', '''''') || ''''`;
const likePrefix = (col: SQL) => sql`replace(replace(replace(${col}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

/**
 * The user's text as tsquery text, built in PostgreSQL so the query is split and normalised exactly
 * like the documents (simple dictionary, lower case, unaccent; any script). Words are ANDed. Each
 * word of two or more characters matches as a prefix ('sof' finds 'sofa') through its known expansions in `search_words`;
 * a word that starts no known word matches its nearest known words by trigram similarity instead
 * ('sofq' finds 'sofa'). Null when the text has no words. The result goes back as a parameter, so
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
  const letter = opts.letterPrefix ? sql`${lexeme(sql`w`)} || ':*'` : lexeme(sql`w`);
  const { rows } = await ctx.db.execute<{ tq: string | null }>(sql`
    select string_agg(case
        when length(w) < 2 then ${letter}
        when cardinality(x.expansions) > ${maxExpansions} then ${lexeme(sql`w`)} || ':*'
        else '(' || (select string_agg(${lexeme(sql`t`)}, ' | ')
          from (select distinct t from unnest(case when length(w) > ${vocabularyWordMax} then array[w] else '{}' end
            || case when cardinality(x.expansions) > 0 then x.expansions
              else coalesce(nullif(array(select word from search_words where word % w order by similarity(word, w) desc, word limit ${nearWords}), '{}'), array[w]) end) t) u) || ')'
      end, ' & ') as tq
    from (select distinct w from unnest(tsvector_to_array(to_tsvector('simple'::regconfig, stash_unaccent(${text})))) w) words,
    lateral (select array(select word from search_words where word like ${likePrefix(sql`w`)}
      order by length(word), word limit ${maxExpansions + 1}) as expansions) x`);
  return rows[0]?.tq ?? null;
}

/**
 * Visible items matching the term, one page of them in the chosen order, and how many there are.
 *
 * Relevance is a tier, then newest first: 1 every word is in the name, 2 every word is in the name,
 * category, tags or item no, 3 a word needs the description. Only the first searchCountCap matches can
 * be paged to; `count` is exact up to there, and `countCapped` says there are more.
 *
 * How (decisions 017, 024, 026, 029 and 033): in one business (a few thousand items at most) its matches are read once,
 * for the page and the count, through the (business_id, search) GIN index. Across every business no plan
 * is left to the planner's guess of how common a combination of words is (a guess that is wrong by
 * 10,000x walked 890,000 rows for one query):
 * - the count stops at searchCountCap + 1 rows (countMatches);
 * - at most searchCountCap matches: all of them are read through the GIN index and sorted;
 * - more, and proven common on the table's first pages: each tier, best first, walks the visible products
 *   in page order (an index) and stops once the page is full; a tier the walk does not fill within a
 *   bounded number of rows is rare, and is read through its own GIN index instead;
 * - more, counted through GIN (1,001 to some tens of thousands): each tier through its GIN index; a large
 *   one within the newest 1 %, 4 %, 16 % of products first (date orders), then whole, unless a range read
 *   proved it held the whole tier (tierProbe). When the planner expects such a term, the count and these reads
 *   run at once, on two pooled connections.
 */
export async function findMatches(ctx: Ctx, tq: string, opts: MatchOptions): Promise<MatchPage> {
  const tsq = sql`${tq}::tsquery`;
  const offset = (opts.pageNo - 1) * opts.perPage;
  const limit = Math.min(offset + opts.perPage, searchCountCap);
  // What visitors may see of each kind (businesses/visibility.ts). Across businesses the hidden businesses are one small
  // array computed once: a join would let the planner repeat a GIN scan per business (90 s for a common typo in
  // bench/search.ts under decision 007).
  const promoted = opts.promoted === undefined ? sql`` : sql` and t.is_promoted = ${opts.promoted}`;
  const visible = (kind: SearchKind) =>
    sql`${
      opts.businessId
        ? sql`t.business_id = ${opts.businessId} and ${itemShowsIn(kind, sql`t`, sql`${opts.businessId}::uuid`)}`
        : itemShows(kind, sql`t`)
    }${promoted}`;
  const matching = sql`t.search @@ ${tsq}`;
  const relevance = opts.sort === 'Relevance';
  // A row's tier is read from its stored weighted document (A name, B labels): no document is rebuilt.
  const inName = sql`${weighted(tq, 'A')}::tsquery`;
  const inLabels = sql`${weighted(tq, 'AB')}::tsquery`;
  const tierOf = () => (relevance ? sql`case when t.search @@ ${inName} then 1 when t.search @@ ${inLabels} then 2 else 3 end` : sql`0`);
  // A match carries its row's own columns only: its business's name and a catalogue's images are looked up for the
  // page by the caller (search.service.ts), as a sub-select correlated with a match mixes a reference table (or
  // another distributed read) with a distributed one, which Citus cannot plan (decision 057).
  const columns = (s: Source, tier: SQL) =>
    sql`${s.kind}::text as type, t.business_id, t.id, ${s.name} as name, ${createdAtText(sql`t.created_at`)} as created_at, ${tier}::int as tier, ${s.images} as images, null::text as business_name, null::text as business_display_name`;
  const rankedOrder = (s: Source) => (relevance ? sql`${tierOf()}, ${tableOrder(opts.sort, s)}` : tableOrder(opts.sort, s));
  const kinds = opts.kinds.map((k) => sources[k]);
  // Every match of each kind, best first, up to `limit` (the planner's own choice; see the callers).
  const allOf = (s: Source) =>
    sql`(select ${columns(s, tierOf())} from ${s.from} t where ${visible(s.kind)} and ${matching} order by ${rankedOrder(s)} limit ${limit})`;
  // Every match of every kind, one page of them (in SQL, so names sort by the database's collation).
  const allPage = (db: Exec) =>
    db.execute<Row>(sql`select m.type, m.business_id, m.id, m.name, m.created_at, m.tier, m.images, m.business_name, m.business_display_name
      from (${sql.join(kinds.map(allOf), sql` union all `)}) m
      order by ${orderBy(opts.sort)} limit ${limit - offset} offset ${offset}`);

  if (opts.businessId) {
    // One business: every match is read once, for the page and the count together (a shop's matches are a few
    // hundred at most). Products through the GIN index on (business_id, search), which intersects the business's
    // posting list with the words' (decision 024), unless a word is a true prefix (':*'): its GIN lookup would
    // collect that prefix's matches in every business first, so then the business's btree is read instead, as
    // are catalogues (a few dozen per shop). coalesce() hides the document from the GIN index.
    const viaBtree = sql`coalesce(t.search, ''::tsvector) @@ ${tsq}`;
    const inShop = (s: Source) => (s.kind === 'product' && !tq.includes(':*') ? matching : viaBtree);
    const every = sql.join(
      kinds.map((s) => sql`(select ${columns(s, tierOf())} from ${s.from} t where ${visible(s.kind)} and ${inShop(s)})`),
      sql` union all `,
    );
    // A catalogue's images are not read here: planning memberImages cost every search ~0.2 ms of backend CPU, also
    // when no catalogue is on the page (the caller looks them up for the page's catalogues alone).
    const { rows } = await ctx.db.execute<{ n: number; page: Row[] }>(sql`with m as materialized (${every})
      select (select count(*) from m)::int as n, (select coalesce(json_agg(p), '[]'::json) from (select * from m
        order by ${orderBy(opts.sort)} limit ${Math.max(0, limit - offset)} offset ${offset}) p) as page`);
    return toPage(rows[0]?.page ?? [], rows[0]?.n ?? 0);
  }

  const q = { visible, matching, tsq };
  const inTransaction = <T>(work: (tx: Planned) => Promise<T>, first: Record<Scan, boolean> = bitmapOnly) =>
    searchTransaction(ctx.db, first, work);
  // The planner's guess chooses the plans below, never the result (every path pages exactly).
  const expected = kinds.some((s) => s.kind === 'product')
    ? await estimate(direct(ctx.db), sql`select 1 from products t where ${visible('product')} and ${matching}`, ctx.db)
    : 0;
  if (offset < limit && expected > searchCountCap && expected < commonRows) {
    // A term counted through GIN and expected past the cap: the count and the page do not need each other (the
    // page is read tier by tier whatever the count), so each runs in its own transaction on its own pooled
    // connection, at once ('walnot mirrer': ~13 ms of count beside ~16 ms of tier reads). Neither holds a
    // connection while waiting for the other's, so a full pool only queues them.
    const [n, rows] = await Promise.all([
      inTransaction((tx) => ginCount(tx, kinds, q, { labelsFirst: true })),
      inTransaction((tx) => tierPage(tx, false)),
    ]);
    return toPage(n === 0 ? [] : rows, n);
  }
  return inTransaction(
    async (tx) => {
      const { n, common } = await countMatches(tx, kinds, q, expected);
      if (offset >= limit || n === 0) return toPage([], n);
      if (n <= searchCountCap) {
        // Bitmap scans only (GIN), whatever the planner guesses.
        tx.allow({ seqscan: false, indexscan: false, bitmapscan: true });
        return toPage((await allPage(tx)).rows, n);
      }
      return toPage(await tierPage(tx, common), n);
    },
    // The count's first statement: the prefix count reads a TID range, the GIN count bitmaps.
    counted(kinds, expected) === 'prefix' ? noIndex : bitmapOnly,
  );

  /**
   * The page (rows offset to limit) read tier by tier, best first, until `limit` rows are found: the plan for a
   * term with more than searchCountCap matches, exact for any number of them. `common` (proven on the table's
   * first pages) only chooses walks over GIN reads.
   */
  async function tierPage(tx: Planned, common: boolean): Promise<Row[]> {
    // Bitmap scans only (GIN), whatever the planner guesses; the walks below set their own plan.
    tx.allow({ seqscan: false, indexscan: false, bitmapscan: true });
    const found: Row[] = [];
    // A term proven common (on the table's first pages) walks the items in page order: a page's worth of
    // them match within a few hundred rows. A term counted through GIN is rarer (decision 024): a walk
    // would mostly read rows that do not match, so a tier is read through its GIN index, a large one first
    // within the newest items only.
    const recent = async () => (common || !recencyOrdered(opts.sort) ? [] : await recencyEdges(tx, opts.sort));
    // How many products the planner expects in a tier: its own condition only (the visibility filters' estimates,
    // business_id <> all(...), say nothing about the term and shrink it on small tables). Tiers 1 and 2 are asked
    // in one EXPLAIN, a round trip fewer when both are read.
    const expectedIn = new Map<number, number>();
    const tierEstimate = async (tier: number) => {
      if (!expectedIn.has(tier)) {
        const asked = relevance && tier < 3 ? [1, 2] : [tier];
        const rows = await estimates(
          tx.unplanned,
          asked.map((t) => {
            const cond = tierCondition(sources.product, t, { tsq, matching, inName, inLabels });
            return sql`select 1 from products t where ${t === 1 || t === 2 ? cond?.indexed : cond?.row}`;
          }),
          tx.database,
        );
        for (const [i, t] of asked.entries()) expectedIn.set(t, rows[i] ?? 0);
      }
      return expectedIn.get(tier) ?? 0;
    };
    const tiers = relevance ? [1, 2, 3] : [0];
    // The next tier's first product read, made in the statement of this tier's first range read (chained below).
    let ahead = null as { tier: number; rows: Row[]; whole: boolean } | null;
    for (const tier of tiers) {
      const need = limit - found.length;
      if (need <= 0) break;
      const inTier: Row[] = [];
      const walks = common || !recencyOrdered(opts.sort);
      // The walk: the newest (or first by name) visible items, a bounded number of them, tested row by row; every
      // kind's in one statement (a round trip fewer for products and catalogues).
      const walked = new Map<SearchKind, Row[]>();
      if (walks) {
        const walk = Math.min(walkRowsMax, Math.max(walkRowsMin, need * walkRowsPerMatch));
        const each = kinds.flatMap((s) => {
          const cond = tierCondition(s, tier, { tsq, matching, inName, inLabels });
          const inOrder = tableOrder(opts.sort, s);
          return cond === null
            ? []
            : [
                sql`(select ${columns(s, sql`${tier}`)} from (select * from ${s.from} t
                  where ${itemIsPublic(sql`t`)} order by ${inOrder} limit ${walk}) t
                where ${visible(s.kind)} and ${cond.row} order by ${inOrder} limit ${need})`,
              ];
        });
        tx.allow({ indexscan: true });
        for (const r of (await tx.execute<Row>(sql.join(each, sql` union all `))).rows) {
          walked.set(r.type, [...(walked.get(r.type) ?? []), r]);
        }
        tx.allow({ indexscan: false });
      }
      // The tier of a kind through its GIN index, optionally only from the items on the right of a page-order edge.
      const readOf = (s: Source, cond: { row: SQL; indexed: SQL }, edge?: string, inTierNo = tier) =>
        sql`(select ${columns(s, sql`${inTierNo}`)} from ${s.from} t
          where ${visible(s.kind)} and ${cond.indexed} and ${cond.row}${edge === undefined ? sql`` : sql` and t.created_at ${opts.sort === 'Date, old to new' ? sql`<=` : sql`>=`} ${edge}::timestamptz`}
          order by ${tableOrder(opts.sort, s)} limit ${need})`;
      // Catalogues (a few dozen per shop) are read whole; outside walks their read rides along with the products'
      // first statement of the tier, a round trip fewer.
      const catalogue = walks ? undefined : kinds.find((k) => k.kind === 'catalogue');
      const catalogueCond = catalogue && tierCondition(catalogue, tier, { tsq, matching, inName, inLabels });
      let carried = catalogue && catalogueCond ? readOf(catalogue, catalogueCond) : null;
      const run = async (query: SQL, kind: SearchKind) => {
        const all = (await tx.execute<Row>(carried ? sql`${query} union all ${carried}` : query)).rows;
        carried = null;
        inTier.push(...all.filter((r) => r.type !== kind));
        return all.filter((r) => r.type === kind);
      };
      // A range read that also says whether it holds the whole tier (tierProbe): then the tier is not read again.
      // `next`: the next tier's first product read, made in the same statement only when this read proves its tier
      // whole and short of the page (chainedProbe), a round trip fewer.
      const runProbed = async (query: SQL, kind: SearchKind, index: string, next?: { tier: number; read: SQL; index: string | null }) => {
        const probe = tierProbe(carried ? sql`${query} union all ${carried}` : query, index);
        const probed = await tx.execute<Row & Probe & { part?: number }>(
          next ? chainedProbe(probe, tierProbe(next.read, next.index ?? index), kind, need) : probe,
        );
        carried = null;
        const split = (part: number | undefined) => {
          const of = part === undefined ? probed.rows : probed.rows.filter((r) => r.part === part);
          const all = of.filter((r) => r.type !== null).map(({ index_scans: _s, index_tids: _t, part: _p, ...r }) => r as Row);
          const rows = all.filter((r) => r.type === kind);
          // One scan of the tier's index, and as many of its entries as rows found: every one of them is in the range.
          const whole = of[0] !== undefined && Number(of[0].index_scans) === 1 && Number(of[0].index_tids) === rows.length;
          return { all, rows, whole, read: of.length > 0 };
        };
        const first = split(next ? 1 : undefined);
        inTier.push(...first.all.filter((r) => r.type !== kind));
        if (next) {
          const second = split(2);
          // A whole read (no index to prove it by) holds its tier's first `need` rows: as good as whole here.
          if (second.read) ahead = { tier: next.tier, rows: second.rows, whole: next.index === null || second.whole };
        }
        return { rows: first.rows, whole: first.whole };
      };
      for (const s of kinds) {
        const cond = tierCondition(s, tier, { tsq, matching, inName, inLabels });
        if (cond === null || (s.kind === 'catalogue' && !walks)) continue;
        const read = (edge?: string) => run(readOf(s, cond, edge), s.kind);
        let rows: Row[] = [];
        // The tier's every row is in `rows` (a range read proved it holds them all).
        let wholeTier = false;
        const early = s.kind === 'product' && ahead?.tier === tier ? ahead : null;
        if (early) ahead = null;
        if (walks) {
          rows = walked.get(s.kind) ?? [];
        } else if (early && (early.whole || early.rows.length >= need)) {
          // Read in the previous tier's statement (its first range read, or whole).
          rows = early.rows;
          wholeTier = early.whole;
        } else if (s.kind === 'product' && (await tierEstimate(tier)) >= wholeTierRows) {
          // A tier the planner expects to be large: its newest items first (a GIN bitmap ANDed with the btree's
          // range: the heap is read for the matches in that range alone), a wider range while the page is not
          // filled and the tier still looks large.
          const edges = await recent();
          for (const [i, edge] of edges.entries()) {
            // A true prefix (':*') is matched by GIN as a bitmap that may count a whole heap page as one entry.
            const index = tq.includes(':*') ? null : tierIndex(tier);
            // The next tier's first read rides along with this tier's first (when this one proves itself whole and
            // short of the page): in the newest range if it is expected large, else whole.
            const nextCond =
              i === 0 && tier === 1 && s.kind === 'product' ? tierCondition(s, 2, { tsq, matching, inName, inLabels }) : null;
            const nextLarge = nextCond !== null && (await tierEstimate(2)) >= wholeTierRows;
            const next = nextCond && {
              tier: 2,
              read: readOf(s, nextCond, nextLarge ? edge : undefined, 2),
              index: nextLarge ? tierIndex(2) : null,
            };
            const inRange =
              i === 0 && early
                ? early
                : index
                  ? await runProbed(readOf(s, cond, edge), s.kind, index, next ?? undefined)
                  : { rows: await read(edge), whole: false };
            if (inRange.rows.length >= need || inRange.whole) {
              rows = inRange.rows;
              wholeTier = inRange.whole;
              break;
            }
            // Few in this range: the tier is small enough to read whole.
            if ((inRange.rows.length * 100) / (recentShares[i] ?? 100) < wholeTierRows) break;
          }
        }
        // Not filled yet (nor known whole): the tier is rare enough to read whole through GIN.
        if (rows.length < need && !wholeTier) rows = await read();
        inTier.push(...rows);
      }
      // Nothing to ride along with (catalogues alone, or no product tier).
      if (carried) inTier.push(...(await tx.execute<Row>(carried)).rows);
      found.push(...(kinds.length === 1 ? inTier : await merge(tx, inTier, opts.sort, need)));
    }
    return found.slice(offset, limit);
  }
}
