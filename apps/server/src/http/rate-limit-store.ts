import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/rate-limits.ts';

// The store behind every `config: { rateLimit }` route option: counters live in PostgreSQL, so a
// limit holds across any number of app nodes (docs/decisions/011). One atomic upsert per request;
// expired windows restart in the same statement, and old rows are pruned now and then.

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Result) => void;
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string }; groupId?: string };

const PRUNE_EVERY_MS = 60_000;

export function postgresRateLimitStore(db: Database) {
  let lastPrune = 0;

  function prune() {
    const now = Date.now();
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    db.delete(rateLimits)
      .where(sql`${rateLimits.expiresAt} < now()`)
      .catch(() => {
        lastPrune = 0;
      });
  }

  return class PostgresRateLimitStore {
    readonly prefix: string;

    // @fastify/rate-limit constructs the store with its global options, then calls child() per route.
    constructor(_globalParams?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      prune();
      const fullKey = `${this.prefix}${key}`;
      db.execute<{ count: number; ttl: number }>(sql`
        insert into rate_limits (key, count, expires_at)
        values (${fullKey}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
        on conflict (key) do update set
          count = case when rate_limits.expires_at <= now() then 1 else rate_limits.count + 1 end,
          expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end
        returning count, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::float8 as ttl`)
        .then((r) => {
          const row = r.rows[0];
          cb(null, { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? timeWindow) });
        })
        .catch((e: Error) => cb(e));
    }

    read(key: string, cb: Callback) {
      const fullKey = `${this.prefix}${key}`;
      db.execute<{ count: number; ttl: number }>(sql`
        select count, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::float8 as ttl
        from rate_limits where key = ${fullKey} and expires_at > now()`)
        .then((r) => {
          const row = r.rows[0];
          cb(null, row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 });
        })
        .catch((e: Error) => cb(e));
    }

    /** One counter space per route (method + URL pattern), as the plugin's Redis store does. */
    child(routeParams: unknown) {
      // The plugin's types name route options; at run time it passes the merged limit params.
      const params = routeParams as RouteParams;
      // Routes sharing a groupId share one counter (the plugin appends the groupId to the key).
      if (params.groupId) return new PostgresRateLimitStore(undefined, 'group|');
      const method = [params.routeInfo?.method ?? ''].flat().join(',');
      const url = params.routeInfo?.url ?? '';
      return new PostgresRateLimitStore(undefined, `${method} ${url}|`);
    }
  };
}
