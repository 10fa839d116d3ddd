import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from './client.ts';

// Per-business public content versions (table content_versions, bumped in the writer's own
// transaction by src/db/tenant-writes.ts; decisions 014 and 055), known in memory on every app node.
// Each node reads the rows whose version moved since its last look every `pollMs` (one indexed range
// read of content_versions.changed_at): no NOTIFY from inside a write, which Citus's two-phase commit
// refuses, and a commit on any node reaches all within a poll. Memory is trusted only while polls
// succeed; otherwise every read asks the database. Every write statement (and COMMIT) through this
// node's pool also drops what memory holds as it completes, so the next read here sees the new
// version at once: a request, a CLI command or a test writing through `ctx.db` cannot forget it.

/** How often each node reads the versions that moved. */
export const pollMs = 100;
// A version moves at its transaction's start time (now()) but is seen only at commit: each look reads
// the rows changed this long before the previous look began, so a write transaction up to this long
// is still seen (versions already known are skipped).
const lookBackMs = 10_000;

export type BusinessVersion = { businessId: string; version: number };

export type ContentVersions = {
  /** The version of a business id; from memory when known. */
  version(businessId: string): Promise<number>;
  /** A business (any state) by its name with its version; null when there is none. */
  byName(businessName: string): Promise<BusinessVersion | null>;
  /** What `byName` would answer when memory already holds it (polls succeed), else undefined: no query, no promise. */
  knownByName(businessName: string): BusinessVersion | undefined;
  /**
   * The platform-wide version, for reads across every business (decision 058): read from content_versions (and
   * the count of unverified sign-ups), it changes whenever any business's version does; from memory when known
   * (dropped by every change heard of and every write here).
   */
  platform(): Promise<number>;
  /** What `platform` would answer when memory already holds it (listener live), else undefined. */
  knownPlatform(): number | undefined;
  /** Drops everything known here (done after every write statement through this node's pool). */
  forget(): void;
  /** Called with each version change announced by any node. */
  onChange(listener: (change: BusinessVersion) => void): void;
  /** True while the last poll succeeded (memory is trusted). */
  readonly live: boolean;
  /** Changes whenever memory is dropped (`forget`, e.g. after a write here): what was read before may be old. */
  readonly generation: number;
  close(): Promise<void>;
};

const maxKnown = 50_000;

export async function startContentVersions(db: Database, log: { warn: (o: object, msg: string) => void }): Promise<ContentVersions> {
  const versions = new Map<string, number>();
  const names = new Map<string, string>();
  const listeners: ((change: BusinessVersion) => void)[] = [];
  // Bumped whenever memory is dropped: a read that started before must not store what it read.
  let epoch = 0;
  // The platform version known here, and a counter like `epoch` that also moves with every change heard of.
  let platformVersion: number | undefined;
  let platformEpoch = 0;
  let live = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const forget = () => {
    epoch++;
    platformEpoch++;
    platformVersion = undefined;
    versions.clear();
    names.clear();
  };

  // what the last look read: business id -> version, for the rows changed within the look-back window
  let seen: Map<string, number> | null = null;
  let since: Date | null = null;

  const changed = (businessId: string, version: number) => {
    if ((versions.get(businessId) ?? -1) < version) versions.set(businessId, version);
    platformEpoch++;
    platformVersion = undefined;
    // a renamed or deleted business: its old name must be looked up again
    for (const [name, id] of names) if (id === businessId) names.delete(name);
    for (const listener of listeners) listener({ businessId, version });
  };

  const poll = async () => {
    const [{ now }] = (await db.execute<{ now: Date }>(sql`select now() as now`)).rows as [{ now: Date }];
    const from = since ?? new Date(new Date(now).getTime() - lookBackMs);
    const rows = await db.execute<{ business_id: string; version: string }>(
      sql`select business_id, version from content_versions where changed_at > ${from}`,
    );
    const next = new Map(rows.rows.map((r) => [r.business_id, Number(r.version)]));
    if (seen && live) for (const [businessId, version] of next) if ((seen.get(businessId) ?? -1) < version) changed(businessId, version);
    seen = next;
    since = new Date(new Date(now).getTime() - lookBackMs);
    if (!live) {
      forget(); // whatever was read while nobody looked may be old
      live = true;
    }
  };

  const loop = async () => {
    if (closed) return;
    try {
      await poll();
    } catch (e) {
      if (live) log.warn({ err: e }, 'content version poll failed; public reads are not cached until it succeeds');
      live = false;
      forget();
    }
    if (!closed) timer = setTimeout(() => void loop(), pollMs).unref();
  };

  instrumentWrites(db.$client as pg.Pool, forget);
  await loop();

  async function fetchVersion(businessId: string): Promise<number> {
    const rows = await db.execute<{ version: string }>(sql`select version from content_versions where business_id = ${businessId}`);
    return Number(rows.rows[0]?.version ?? 0);
  }

  async function platform(): Promise<number> {
    if (live && platformVersion !== undefined) return platformVersion;
    const started = platformEpoch;
    // Every bump adds one to a business's version: the sum moves with each (rows are never deleted). A business
    // also turns public when its sign-up is verified, which bumps no version: the unverified count moves then.
    const { rows } = await db.execute<{ v: string }>(
      sql`select (select coalesce(sum(version), 0) + count(*) from content_versions) * 1000003
        + (select count(*) from signups where verified_at is null) as v`,
    );
    const v = Number(rows[0]?.v ?? 0);
    if (live && started === platformEpoch) platformVersion = v;
    return v;
  }

  async function version(businessId: string): Promise<number> {
    const known = live ? versions.get(businessId) : undefined;
    if (known !== undefined) return known;
    const started = epoch;
    const v = await fetchVersion(businessId);
    if (live && started === epoch) {
      if (versions.size > maxKnown) versions.clear();
      // a notification may have raced ahead of this read
      if ((versions.get(businessId) ?? -1) < v) versions.set(businessId, v);
      return versions.get(businessId) as number;
    }
    return v;
  }

  return {
    get live() {
      return live;
    },
    get generation() {
      return epoch;
    },
    version,
    platform,
    knownPlatform: () => (live ? platformVersion : undefined),
    async byName(businessName) {
      const knownId = live ? names.get(businessName) : undefined;
      if (knownId !== undefined) return { businessId: knownId, version: await version(knownId) };
      const started = epoch;
      // The id by name, then its version by id: on Citus each statement is answered by one node (businesses is a
      // reference table, content_versions is read by its distribution key), where a join of the two by name asks
      // all 32 shards: every request after a change of the business waited for that (docs/scale-out.md).
      const rows = await db.execute<{ id: string }>(sql`select id from businesses where business_name = ${businessName}`);
      const row = rows.rows[0];
      if (!row) return null;
      // read afresh, as the join did: a name looked up again after a change (changed() forgets it) gets the
      // version that change wrote, not the one this node knew before it (multi-node.test.ts, the page HIT)
      const v = await fetchVersion(row.id);
      if (!live || started !== epoch) return { businessId: row.id, version: v };
      if (names.size > maxKnown) names.clear();
      // unknown names are not remembered: a business may be created under one at any moment
      names.set(businessName, row.id);
      if ((versions.get(row.id) ?? -1) < v) versions.set(row.id, v);
      return { businessId: row.id, version: versions.get(row.id) as number };
    },
    knownByName(businessName) {
      if (!live) return undefined;
      const businessId = names.get(businessName);
      const version = businessId === undefined ? undefined : versions.get(businessId);
      return version === undefined ? undefined : { businessId: businessId as string, version };
    },
    forget,
    onChange(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      live = false;
    },
  };
}

const instrumented = Symbol('content-version writes');
const reads = /^\s*(select|show|begin|start transaction|savepoint|release|set|listen)\b/i;

/** Calls `forget` as each statement other than a plain read completes on a client of `pool`. */
function instrumentWrites(pool: pg.Pool, forget: () => void) {
  pool.on('acquire', (client) => {
    const c = client as pg.PoolClient & { [instrumented]?: true };
    if (c[instrumented]) return;
    c[instrumented] = true;
    const query = c.query.bind(c) as (...args: unknown[]) => unknown;
    (c as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string; callback?: unknown } | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      if (typeof text !== 'string' || reads.test(text)) return query(...args);
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as (...r: unknown[]) => void;
        args[last] = (...r: unknown[]) => {
          forget();
          callback(...r);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        (result as Promise<unknown>).then(forget, forget);
      }
      return result;
    };
  });
}
