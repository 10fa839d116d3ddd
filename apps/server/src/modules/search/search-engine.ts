import { type SearchSort, searchCountCap } from '@stashblog/contract/search-options';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../app-context.ts';
import { catalogueNameDoc } from '../../db/schema/catalogues.ts';
import { productLabelDoc, productNameDoc } from '../../db/schema/products.ts';
import { itemIsPublic, itemShows, itemShowsIn } from '../businesses/visibility.ts';

// The one search engine (docs/decisions/007, 017, 024 and 026) behind the storefront search, the nav box's
// suggestions and the directory's product and catalogue searches: what a term matches, in which order,
// and how many matches there are (exact up to searchCountCap).

type Ctx = Pick<AppContext, 'db'>;
export type SearchKind = 'product' | 'catalogue';

// How many near words (by trigram similarity) stand in for a query word that matches nothing.
const nearWords = 3;
// A word starting more known words than this is matched as a true prefix (':*') instead of by its
// expansions; below it, the expansions are exact lexemes, which the GIN index answers much faster.
const maxExpansions = 20;
// search_words holds every word of every document up to this length (its triggers in drizzle/0002_search.sql).
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

/** One kind of searchable item, spelled so that the planner matches the expression indexes. */
type Source = {
  kind: SearchKind;
  from: SQL;
  name: SQL;
  /** Tier 1: every word in the name. */
  nameDoc: SQL;
  /** Tier 2: every word in the name, category, tags or item no (null: the kind has no such fields). */
  labelDoc: SQL | null;
  /** The item's own image keys (a catalogue shows its members' images, looked up for the page alone). */
  images: SQL;
};

const sources: Record<SearchKind, Source> = {
  product: {
    kind: 'product',
    from: sql`products`,
    name: sql`t.product_name`,
    nameDoc: productNameDoc(sql`t.product_name`),
    labelDoc: productLabelDoc({ name: sql`t.product_name`, category: sql`t.category`, tags: sql`t.tags`, itemNo: sql`t.item_no` }),
    images: sql`t.images::text[]`,
  },
  catalogue: {
    kind: 'catalogue',
    from: sql`catalogues`,
    name: sql`t.catalogue_name`,
    nameDoc: catalogueNameDoc(sql`t.catalogue_name`),
    labelDoc: null,
    images: sql`null::text[]`,
  },
};

/** How many images a search result shows. */
export const resultImages = 6;

/** A catalogue's images on a search page: the first image of each of its visible members, in catalogue order. */
export const memberImages = (businessId: SQL, catalogueId: SQL) => sql`array(select p.images[1]::text
  from catalogue_products cp join products p on p.business_id = cp.business_id and p.id = cp.product_id
  where cp.business_id = ${businessId} and cp.catalogue_id = ${catalogueId}
    and ${itemShows('product', sql`p`)} and cardinality(p.images) > 0
  order by cp.position, p.id limit ${resultImages})`;

export type MatchOptions = {
  kinds: SearchKind[];
  /** One business (already known to be public), or null for every business visitors may see. */
  businessId: string | null;
  /** Only promoted items (directory 'Promoted' sections), only others (false), or both (undefined). */
  promoted?: boolean;
  sort: SearchSort;
  pageNo: number;
  perPage: number;
  /** Across businesses, each match brings what a search page shows: its business's name and a catalogue's images. */
  details?: boolean;
};

/**
 * images: a product's image keys, read with the match (its row is already at hand); a catalogue's, its visible
 * members' first images (memberImages) with opts.details across businesses, null otherwise.
 */
export type Match = {
  type: SearchKind;
  businessId: string;
  id: string;
  name: string;
  createdAt: Date;
  images: string[] | null;
  /** With opts.details across businesses; null otherwise. */
  businessName: string | null;
  /** The business as its owner writes it (decision 047); with businessName. */
  businessDisplayName: string | null;
};
export type MatchPage = { matches: Match[]; count: number; countCapped: boolean };

/** The page order on the columns every query returns (name, created_at, id, tier). */
function orderBy(sort: SearchSort): SQL {
  switch (sort) {
    case 'Date, new to old':
      return sql`created_at desc, id desc`;
    case 'Date, old to new':
      return sql`created_at asc, id asc`;
    case 'Alphabetically A-Z':
      return sql`lower(name) asc, id asc`;
    case 'Alphabetically Z-A':
      return sql`lower(name) desc, id desc`;
    default:
      return sql`tier asc, created_at desc, id desc`;
  }
}

/** The same order on a table's own columns (t), so its indexes can serve it. */
function tableOrder(sort: SearchSort, s: Source): SQL {
  switch (sort) {
    case 'Date, old to new':
      return sql`t.created_at asc, t.id asc`;
    case 'Alphabetically A-Z':
      return sql`lower(${s.name}) asc, t.id asc`;
    case 'Alphabetically Z-A':
      return sql`lower(${s.name}) desc, t.id desc`;
    default:
      return sql`t.created_at desc, t.id desc`;
  }
}

// A walk along the visible items' order examines at most this many rows (per needed row, and in all)
// before the tier is read through its GIN index instead.
const walkRowsPerMatch = 300;
const walkRowsMin = 5000;
const walkRowsMax = 50_000;

// created_at travels as fixed-width UTC text (createdAtText): exact to the microsecond, and its text order is its
// time order, so rows of two kinds are merged by date without another statement.
type Row = {
  type: SearchKind;
  business_id: string;
  id: string;
  name: string;
  created_at: string;
  tier: number;
  images: string[] | null;
  business_name: string | null;
  business_display_name: string | null;
};

const createdAtText = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

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
  // What a search page shows of a match across businesses (opts.details): its business's name and, for a catalogue,
  // its members' images. PostgreSQL computes such sub-selects after the sort and limit, for the rows returned only;
  // a read returns at most a page of rows on the first page, so the reads carry them there (on a later page
  // the caller looks them up for the page alone).
  const details = opts.details === true && !opts.businessId;
  const businessName = (row: SQL) => sql`(select b.business_name from businesses b where b.id = ${row}.business_id)`;
  const businessDisplayName = (row: SQL) => sql`(select b.display_name from businesses b where b.id = ${row}.business_id)`;
  const columns = (s: Source, tier: SQL, withDetails = details && offset === 0) =>
    sql`${s.kind}::text as type, t.business_id, t.id, ${s.name} as name, ${createdAtText(sql`t.created_at`)} as created_at, ${tier}::int as tier, ${
      withDetails && s.kind === 'catalogue' ? memberImages(sql`t.business_id`, sql`t.id`) : s.images
    } as images, ${withDetails ? businessName(sql`t`) : sql`null::text`} as business_name, ${
      withDetails ? businessDisplayName(sql`t`) : sql`null::text`
    } as business_display_name`;
  const rankedOrder = (s: Source) => (relevance ? sql`${tierOf()}, ${tableOrder(opts.sort, s)}` : tableOrder(opts.sort, s));
  const kinds = opts.kinds.map((k) => sources[k]);
  // Every match of each kind, best first, up to `limit` (the planner's own choice; see the callers).
  const allOf = (s: Source) =>
    sql`(select ${columns(s, tierOf(), false)} from ${s.from} t where ${visible(s.kind)} and ${matching} order by ${rankedOrder(s)} limit ${limit})`;
  // Every match of every kind, one page of them (in SQL, so names sort by the database's collation); the details
  // for the page's rows alone.
  const allPage = (db: Exec) =>
    db.execute<Row>(sql`select m.type, m.business_id, m.id, m.name, m.created_at, m.tier, ${
      details
        ? sql`case when m.type = 'catalogue' then ${memberImages(sql`m.business_id`, sql`m.id`)} else m.images end as images, ${businessName(sql`m`)} as business_name, ${businessDisplayName(sql`m`)} as business_display_name`
        : sql`m.images, m.business_name, m.business_display_name`
    } from (${sql.join(kinds.map(allOf), sql` union all `)}) m
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

type Tx = Pick<Ctx['db'], 'execute'>;
/** What runs a statement in the transaction below (planned()). */
type Exec = { execute<T extends Record<string, unknown>>(query: SQL): Promise<{ rows: T[] }> };
/** A database or transaction as it is, no planner settings sent. */
const direct = (db: Tx): Exec => ({
  execute: async <T extends Record<string, unknown>>(query: SQL) => ({ rows: (await db.execute<T>(query)).rows as T[] }),
});

// A term the planner expects in at least this many products is counted from the table's first pages
// (up to prefixRows rows, in physical order, no index) before the GIN index is asked.
const commonRows = 50_000;
const prefixRows = 20_000;

type CountQuery = { visible: (kind: SearchKind) => SQL; matching: SQL; tsq: SQL };

/** How countMatches starts: on the table's first pages (a term the planner expects in commonRows products), or by GIN. */
const counted = (kinds: Source[], expected: number) =>
  kinds.some((s) => s.kind === 'product') && expected >= commonRows ? 'prefix' : 'gin';

/**
 * Visible matches across every business, exact up to searchCountCap + 1. A common word's GIN posting
 * list holds every product containing it (187,500 for 'sofa' in bench/search.ts), which a bitmap reads
 * whole; reading the table's first pages finds the 1,001 matches that prove '1,000+' in a few thousand
 * rows instead. The planner's estimate (`expected` products) only chooses which to try first: a prefix
 * that does not prove it (the estimate was wrong) falls back to the GIN count.
 */
async function countMatches(tx: Planned, kinds: Source[], q: CountQuery, expected: number): Promise<{ n: number; common: boolean }> {
  const over = searchCountCap + 1;
  if (counted(kinds, expected) === 'gin') return { n: await ginCount(tx, kinds, q), common: false };
  tx.allow({ seqscan: false, bitmapscan: false, indexscan: false });
  const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from products t
    where ${q.visible('product')} and ${q.matching} and t.ctid < (select format('(%s,0)',
      ceil(relpages * least(1, ${prefixRows} / greatest(reltuples, 1)))::bigint)::tid from pg_class where oid = 'products'::regclass)
    limit ${over}) c`);
  return (rows[0]?.n ?? 0) >= over ? { n: over, common: true } : { n: await ginCount(tx, kinds, q), common: false };
}

/** Visible matches across every business through the GIN indexes (bitmap only), exact up to searchCountCap + 1. */
async function ginCount(tx: Planned, kinds: Source[], q: CountQuery, opts: { labelsFirst?: boolean } = {}): Promise<number> {
  tx.allow({ seqscan: false, indexscan: false, bitmapscan: true });
  const over = searchCountCap + 1;
  const counted = kinds.map((s) => {
    const all = sql`(select count(*) from (select 1 from ${s.from} t where ${q.visible(s.kind)} and ${q.matching} limit ${over}) c)`;
    if (!opts.labelsFirst || !s.labelDoc) return all;
    // Every label match is a match (the document holds the name and the labels), and the label index's posting lists
    // are shorter than the whole document's: searchCountCap + 1 visible label matches prove the count capped. Fewer:
    // the document is counted too (PostgreSQL runs a CASE branch's sub-select only when the branch is taken).
    const labels = sql`(select count(*) from (select 1 from ${s.from} t where ${q.visible(s.kind)} and ${s.labelDoc} @@ ${q.tsq} limit ${over}) c)`;
    return sql`(case when ${labels} >= ${over} then ${over} else ${all} end)`;
  });
  const { rows } = await tx.execute<{ n: number }>(sql`select (${sql.join(counted, sql` + `)})::int as n`);
  return rows[0]?.n ?? 0;
}

/** How many rows the planner expects a query to return. */
async function estimate(db: Exec, query: SQL, database?: object): Promise<number> {
  return (await estimates(db, [query], database))[0] ?? 0;
}

type PlanNode = { 'Plan Rows': number; 'Parent Relationship'?: string; Plans?: PlanNode[] };

// The planner's estimates are kept for a minute per database and statement (at most estimatesKeptMax of them): a
// term searched again (a later page, a popular term) sends no EXPLAIN; its plans are chosen as the last time. An
// estimate changes only with the statistics (ANALYZE); a stale one only chooses a plan, never a result (every path
// pages exactly), like the recency edges below.
const estimatesKeptMs = 60_000;
const estimatesKeptMax = 500;
const estimatesCache = new WeakMap<object, Map<string, { at: number; rows: Promise<number[]> }>>();
const dialect = new PgDialect();

/**
 * How many rows the planner expects each query to return: one EXPLAIN of them all (UNION ALL, a member each);
 * kept per `database` (estimatesKeptMs) when one is given.
 */
async function estimates(db: Exec, queries: SQL[], database?: object): Promise<number[]> {
  const statement = sql`explain (format json) ${sql.join(queries, sql` union all `)}`;
  if (!database) return explained(db, statement, queries.length);
  const kept = estimatesCache.get(database) ?? new Map<string, { at: number; rows: Promise<number[]> }>();
  estimatesCache.set(database, kept);
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const key = `${text}\u0000${JSON.stringify(params)}`;
  const hit = kept.get(key);
  if (hit && Date.now() - hit.at < estimatesKeptMs) return hit.rows;
  kept.delete(key);
  // The oldest first out (a Map iterates in insertion order).
  for (const old of kept.keys()) {
    if (kept.size < estimatesKeptMax) break;
    kept.delete(old);
  }
  const rows = explained(db, statement, queries.length);
  kept.set(key, { at: Date.now(), rows });
  // Neither a failed EXPLAIN nor one without an answer is kept.
  rows.then((r) => r.length > 0 || kept.delete(key)).catch(() => kept.delete(key));
  return rows;
}

/** The row estimates of an EXPLAIN of `queries` queries (one, or a UNION ALL of them). */
async function explained(db: Exec, statement: SQL, queries: number): Promise<number[]> {
  const { rows } = await db.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(statement);
  const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (!plan) return [];
  if (queries === 1) return [plan['Plan Rows']];
  const members = (plan.Plans ?? []).filter((p) => p['Parent Relationship'] === 'Member');
  // Members out of step with the queries (not seen): no guess, which every caller survives (a tier read whole).
  return members.length === queries ? members.map((p) => p['Plan Rows']) : [];
}

// A tier of a term counted through GIN that the planner expects to hold at least wholeTierRows products is
// read newest first in widening ranges of creation time: the newest 1 %, 4 % and 16 % of products (by the
// column's statistics), then whole; a range whose matches project to fewer than wholeTierRows in the whole
// table ends the widening early. A smaller tier is read whole at once (one GIN read instead of two).
const wholeTierRows = 2000;
const recentShares = [1, 4, 16];
const recencyOrdered = (sort: SearchSort) => sort === 'Relevance' || sort === 'Date, new to old' || sort === 'Date, old to new';

// The edges are kept for a minute per database: reading pg_stats took 3-6 ms per search, and a stale edge only
// moves where the first range ends (a range's newest matches are the newest overall, wherever it ends).
const edgesKeptMs = 60_000;
const edgesCache = new WeakMap<object, Map<SearchSort, { at: number; edges: Promise<string[]> }>>();

/**
 * The created_at values that leave the newest (oldest, for 'Date, old to new') 1 %, 4 % and 16 % of products
 * on their side, read from the column's histogram (ANALYZE keeps it; no table is read). Empty without one.
 */
function recencyEdges(tx: Planned, sort: SearchSort): Promise<string[]> {
  const kept = edgesCache.get(tx.database) ?? new Map();
  edgesCache.set(tx.database, kept);
  const hit = kept.get(sort);
  if (hit && Date.now() - hit.at < edgesKeptMs) return hit.edges;
  const edges = readRecencyEdges(tx, sort);
  kept.set(sort, { at: Date.now(), edges });
  // Neither a failed read nor a missing histogram (never analysed yet) is kept.
  edges.then((e) => e.length > 0 || kept.delete(sort)).catch(() => kept.delete(sort));
  return edges;
}

async function readRecencyEdges(tx: Planned, sort: SearchSort): Promise<string[]> {
  const oldest = sort === 'Date, old to new';
  const { rows } = await tx.execute<{ edges: string[] | null }>(sql`select array(
      select h[case when ${oldest} then 1 + ceil(f * (cardinality(h) - 1) / 100.0)::int
        else cardinality(h) - ceil(f * (cardinality(h) - 1) / 100.0)::int end]::text
      from unnest(${`{${recentShares.join(',')}}`}::int[]) with ordinality as s(f, i) order by i) as edges
    from (select histogram_bounds::text::timestamptz[] as h from pg_stats
      where schemaname = current_schema() and tablename = 'products' and attname = 'created_at') st`);
  return rows[0]?.edges ?? [];
}

type Scan = 'seqscan' | 'indexscan' | 'bitmapscan';
const bitmapOnly: Record<Scan, boolean> = { seqscan: false, indexscan: false, bitmapscan: true };
const noIndex: Record<Scan, boolean> = { seqscan: false, indexscan: false, bitmapscan: false };
/** A transaction whose next statements may use only the scans allowed (SET LOCAL, via set_config(..., true)). */
type Planned = Exec & {
  database: object;
  allow(scans: Partial<Record<Scan, boolean>>): void;
  /** Runs a statement without sending the settings first (EXPLAIN's row estimate does not depend on them). */
  unplanned: Exec;
};

/**
 * A transaction of the search on a pooled connection of its own, opened with its planner settings in the same
 * round trip: 'begin' and SET LOCAL as one simple query (constant text), with the scans its first statement may
 * use. Drizzle's transaction sent 'begin' and then the settings, one round trip each; a round trip costs the
 * node process ~0.1 ms of CPU in its socket write alone on the bench machine (bench/search.ts: 'sofa' across
 * businesses, node CPU 3.5 -> 3.1 ms per search, p50 -0.3 ms).
 * These queries are short: JIT compiling and parallel workers cost more than they save (and the forced plans
 * inflate cost estimates past JIT's thresholds: 850 ms of compiling per query).
 */
async function searchTransaction<T>(db: Ctx['db'], first: Record<Scan, boolean>, work: (tx: Planned) => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  try {
    const scans = (Object.keys(first) as Scan[]).map((k) => `set local enable_${k} = ${first[k] ? 'on' : 'off'};`).join(' ');
    await client.query(`begin; set local jit = off; set local max_parallel_workers_per_gather = 0; ${scans}`);
    const result = await work(planned(drizzle({ client }), db, { ...first }));
    await client.query('commit');
    client.release();
    return result;
  } catch (e) {
    await client.query('rollback').then(
      () => client.release(),
      (err: Error) => client.release(err),
    );
    throw e;
  }
}

/**
 * The transaction with planner settings applied lazily: allow() only records them; the next statement first
 * sends the ones that changed, all in one round trip (a search made up to 10 such round trips before).
 */
function planned(tx: Tx, database: object, applied: Record<Scan, boolean>): Planned {
  const wanted = { ...applied };
  let pending: SQL[] = [];
  return {
    database,
    unplanned: direct(tx),
    allow: (scans) => {
      Object.assign(wanted, scans);
    },
    execute: async <T extends Record<string, unknown>>(query: SQL) => {
      for (const k of Object.keys(wanted) as Scan[]) {
        if (wanted[k] === applied[k]) continue;
        pending.push(sql`set_config(${`enable_${k}`}, ${wanted[k] ? 'on' : 'off'}, true)`);
        applied[k] = wanted[k];
      }
      if (pending.length > 0) await tx.execute(sql`select ${sql.join(pending, sql`, `)}`);
      pending = [];
      const { rows } = await tx.execute<T>(query);
      return { rows: rows as T[] };
    },
  };
}

/** What puts a row in a tier (0: no tiers), as a filter on the row's own documents; null: the kind has no such tier. */
type TierQueries = { tsq: SQL; matching: SQL; inName: SQL; inLabels: SQL };

/**
 * What puts a row in a tier (0: no tiers): `row` tests the stored weighted document (cheap, for walks),
 * `indexed` is the same set as a condition a GIN index answers (name or label expression index, or the
 * full document). Null: the kind has no such tier (catalogues have no labels).
 */
function tierCondition(s: Source, tier: number, q: TierQueries): { row: SQL; indexed: SQL } | null {
  // coalesce() hides the stored document from its GIN index: beside the tier's own index, a second GIN read of
  // the same words would only be ANDed in (a bitmap of every match in every tier: 34 ms for 'walnot mirrer').
  const stored = sql`coalesce(t.search, ''::tsvector)`;
  if (tier === 0) return { row: q.matching, indexed: sql`true` };
  if (tier === 1) return { row: sql`${stored} @@ ${q.inName}`, indexed: sql`${s.nameDoc} @@ ${q.tsq}` };
  if (tier === 2)
    return s.labelDoc
      ? { row: sql`${stored} @@ ${q.inLabels} and not t.search @@ ${q.inName}`, indexed: sql`${s.labelDoc} @@ ${q.tsq}` }
      : null;
  return { row: sql`${q.matching} and not t.search @@ ${s.labelDoc ? q.inLabels : q.inName}`, indexed: sql`true` };
}

/** The GIN index a product tier's range read scans (tierCondition's `indexed`), null: not one of its own. */
function tierIndex(tier: number): string | null {
  return tier === 1 ? 'products_search_name_idx' : tier === 2 ? 'products_search_label_idx' : null;
}

type Probe = { index_scans: string | number; index_tids: string | number };

/**
 * A tier's range read, with how many scans of the tier's GIN index it made and how many entries (heap row
 * versions, any visibility) those returned: PostgreSQL's statistics of this transaction (pg_stat_xact_user_indexes'
 * idx_scan and idx_tup_read; a bitmap scan counts every entry it puts in its bitmap), read before and after the
 * rows. One scan that returned as many entries as the rows found means the tier holds those rows alone: every
 * entry of the whole tier (its index condition has no date in it) passed the range and every filter. Only for a
 * query without a true prefix: GIN's partial match may return a whole heap page as one (lossy) entry. A tier whose
 * words never meet in one name ('walnot mirrer', decision 033) is then known empty after its first read, where it
 * was read a second time, whole. No scan counted (track_counts off, a plan without that index, no index of that
 * name: to_regclass gives null): not proved.
 * The range read is the right side of a left join with the counters' first reading on its left, so the counters
 * are read before it (the left side runs first) and after it (the select list of a joined row; the read's sort
 * has consumed every row by then); a row with a null type only carries the counters.
 */
function tierProbe(read: SQL, index: string): SQL {
  const scans = sql`pg_stat_get_xact_numscans(to_regclass(${index}))`;
  const tids = sql`pg_stat_get_xact_tuples_returned(to_regclass(${index}))`;
  return sql`select ${scans} - b.scans as index_scans, ${tids} - b.tids as index_tids, r.*
    from (select ${scans} as scans, ${tids} as tids offset 0) b left join (${read}) r on true`;
}

/**
 * Two probed reads (tierProbe) in one statement, the second (the next tier's first read) run only when the first
 * proved its tier whole and short of the page (`need` rows of `kind`): PostgreSQL runs a member of a UNION ALL
 * whose one-time filter (a sub-select of the materialised first) is false not at all. `part` says whose a row is.
 */
function chainedProbe(first: SQL, second: SQL, kind: SearchKind, need: number): SQL {
  const found = sql`count(*) filter (where p1.type = ${kind})`;
  return sql`with p1 as materialized (${first})
    select 1 as part, p1.* from p1
    union all
    select 2 as part, p2.* from (${second}) p2
    where (select min(p1.index_scans) = 1 and min(p1.index_tids) = ${found} and ${found} < ${need} from p1)`;
}

/** The tsquery text restricted to weights: 'sofa' & 'bed':* -> 'sofa':A & 'bed':*A. */
export function weighted(tq: string, weights: 'A' | 'AB'): string {
  return tq.replace(/('(?:[^'\\]|''|\\.)*')(:\*)?/g, (_m, lexeme: string, star?: string) => `${lexeme}:${star ? '*' : ''}${weights}`);
}

/**
 * Rows of two kinds, each already in page order, merged: by date here (created_at's text order is its time order,
 * ids are lower-case uuid text, whose order is PostgreSQL's), by name in PostgreSQL (its collation sorts names).
 */
async function merge(tx: Planned, rows: Row[], sort: SearchSort, need: number): Promise<Row[]> {
  if (rows.length === 0) return rows;
  if (sort !== 'Alphabetically A-Z' && sort !== 'Alphabetically Z-A') {
    const asc = sort === 'Date, old to new' ? 1 : -1;
    const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return [...rows].sort((a, b) => a.tier - b.tier || asc * text(a.created_at, b.created_at) || asc * text(a.id, b.id)).slice(0, need);
  }
  // No table is read: the planner settings need not be sent first.
  const { rows: merged } =
    await tx.unplanned.execute<Row>(sql`select type, business_id, id, name, created_at, tier, images, business_name, business_display_name
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as m(type text, business_id uuid, id uuid, name text, created_at text, tier int, images text[], business_name text,
        business_display_name text)
    order by ${orderBy(sort)} limit ${need}`);
  return merged;
}

function toPage(rows: Row[], n: number): MatchPage {
  return {
    matches: rows.map((r) => ({
      type: r.type,
      businessId: r.business_id,
      id: r.id,
      name: r.name,
      createdAt: new Date(r.created_at),
      images: r.images,
      businessName: r.business_name,
      businessDisplayName: r.business_display_name,
    })),
    count: Math.min(n, searchCountCap),
    countCapped: n > searchCountCap,
  };
}
