import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { antiSpam } from '@stashblog/contract/anti-spam';
import { z } from 'zod';

// The only place that reads process.env. Parsed once at start-up; a bad value stops start-up
// with a message naming the variable.
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(5004),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    APP_HOSTS: z
      .string()
      .optional()
      .transform((s) =>
        s
          ?.split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((s, c) => {
        const parsed = parseTrustProxy(s);
        if (parsed === null) {
          c.addIssue({
            code: 'custom',
            message: 'must be a hop count (e.g. 1) or a comma list of IP addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
          });
          return z.NEVER;
        }
        return parsed;
      }),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('StashBlog <no-reply@stashblog.local>'),
    SUPPORT_EMAIL: z.email().default('support@stashblog.local'),
    // Background jobs (decision 038): 0 = this process only adds jobs; another node (or a later start) runs them.
    JOBS_WORKER: z.enum(['0', '1']).default('1'),
    JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
    BLOB_STORE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    // For S3-compatible servers (MinIO, R2, …); unset: AWS's own endpoint for S3_REGION.
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    // Unset: the AWS SDK's default credential chain (AWS_* variables, instance or task role).
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).default('0'),
    S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    // DNS servers (host or host:port, comma-separated) used to check custom-domain TXT records; unset: the system's.
    DNS_SERVERS: z
      .string()
      .optional()
      .transform((s) =>
        s
          ?.split(',')
          .map((h) => h.trim())
          .filter(Boolean),
      ),
    // Addresses (or CIDR ranges) of the front visitors reach (the load balancer or Caddy): a custom
    // domain may point at us with A/AAAA records within these instead of a CNAME to PUBLIC_URL's host.
    PLATFORM_ADDRESSES: z
      .string()
      .optional()
      .transform((s, c) => {
        const entries = (s ?? '')
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean);
        if (entries.every((e) => parseAddressRange(e))) return entries;
        c.addIssue({ code: 'custom', message: 'must be a comma list of IP addresses or CIDR ranges (e.g. 203.0.113.7,2001:db8::/64)' });
        return z.NEVER;
      }),
    // The port the custom-domain check fetches http://<domain>/.well-known/stashblog-domain/… on (80; tests use others).
    DOMAIN_CHECK_PORT: z.coerce.number().int().min(1).max(65535).default(80),
    SEED_DEMO: z.enum(['0', '1']).default('1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Web push (VAPID). Unset keys are generated once and kept in DATA_DIR/vapid.json.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:)/, 'must start with mailto: or https:')
      .optional(),
    // Extra push-service origins allowed besides the browsers' own (a self-hosted service, tests).
    PUSH_ENDPOINT_ORIGINS: z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((o) => o.trim().replace(/\/$/, ''))
          .filter(Boolean),
      ),
    // How long a public form's challenge is accepted (docs/decisions/010); the page renews it before then.
    FORM_CHALLENGE_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(7 * 24 * 3600)
      .default(antiSpam.challengeTtlSeconds),
    // Search across businesses steers PostgreSQL's planner (decision 054); off: the plain path, same results.
    // Off by itself on a database with the citus extension (modules/search/search-steering.ts).
    SEARCH_PLAN_STEERING: z.enum(['on', 'off']).default('on'),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .default(24 * 7),
  })
  .superRefine((e, c) => {
    if (e.BLOB_STORE === 's3' && !e.S3_BUCKET)
      c.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when BLOB_STORE=s3' });
    if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
      c.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all',
      });
    }
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** Where image bytes live (decision 015): DATA_DIR/media, or an S3 bucket. */
  blobStore: BlobStoreConfig;
  databaseUrl: string | undefined;
  appHosts: string[];
  publicUrl: string;
  /** Which proxies' X-Forwarded-* headers count (Fastify's `trustProxy`): false = none. */
  trustProxy: TrustProxy;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  /** Whether this process runs background jobs (JOBS_WORKER); it adds them either way. */
  jobsWorker: boolean;
  /** Jobs this process runs at once (JOBS_CONCURRENCY). */
  jobsConcurrency: number;
  secret: string;
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  sessionTtlMs: number;
  /** SEARCH_PLAN_STEERING: whether search may steer the planner (decision 054); the context says whether it does. */
  searchPlanSteering: boolean;
  /** How long a public form's challenge is accepted (FORM_CHALLENGE_TTL_SECONDS). */
  formChallengeTtlMs: number;
  webBuildDir: string;
  /** DNS servers for custom-domain checks; undefined: the system's resolvers. */
  dnsServers: string[] | undefined;
  /** PLATFORM_ADDRESSES: where a custom domain's A/AAAA records may point (addresses or CIDR ranges). */
  platformAddresses: string[];
  /** The port of the custom-domain HTTP challenge fetch (80). */
  domainCheckPort: number;
  vapid: { publicKey: string; privateKey: string; subject: string };
  pushEndpointOrigins: string[];
};

export type TrustProxy = false | number | string[];

export type S3Config = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Base URL that serves the bucket's keys to browsers (a CDN or public bucket); unset: served through the app. */
  publicUrl: string | undefined;
};

export type BlobStoreConfig = { kind: 'local'; root: string } | ({ kind: 's3' } & S3Config);

export class ConfigError extends Error {}

/**
 * TRUST_PROXY: unset or empty = trust nobody (the client address is the socket's, Host is the
 * Host header); a number = that many proxy hops in front of us; otherwise a comma list of proxy
 * addresses or CIDR ranges (also Fastify's names: loopback, linklocal, uniquelocal).
 * Returns null for a value that is none of these.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  const valid = (e: string) => {
    if (named.has(e)) return true;
    const [addr = '', bits, ...rest] = e.split('/');
    const family = isIP(addr);
    if (!family || rest.length) return false;
    if (bits === undefined) return true;
    if (!/^\d+$/.test(bits)) return false;
    return Number(bits) <= (family === 4 ? 32 : 128);
  };
  return entries.length && entries.every(valid) ? entries : null;
}

/** An IP address or CIDR range ('203.0.113.7', '10.0.0.0/8', '2001:db8::/64'); null when it is neither. */
export function parseAddressRange(value: string): { address: string; bits: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', bits, ...rest] = value.trim().split('/');
  const family = isIP(address);
  if (!family || rest.length || (bits !== undefined && !/^\d{1,3}$/.test(bits))) return null;
  const max = family === 4 ? 32 : 128;
  const n = bits === undefined ? max : Number(bits);
  return n <= max ? { address, bits: n, family: family === 4 ? 'ipv4' : 'ipv6' } : null;
}

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // npm runs workspace scripts inside the workspace; relative paths mean "from where you typed npm".
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    blobStore:
      e.BLOB_STORE === 's3'
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET as string,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
            publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, ''),
          }
        : { kind: 'local', root: path.join(dataDir, 'media') },
    databaseUrl: e.DATABASE_URL,
    appHosts: e.APP_HOSTS ?? defaultAppHosts(e.PORT, publicUrl),
    publicUrl,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    jobsWorker: e.JOBS_WORKER === '1',
    jobsConcurrency: e.JOBS_CONCURRENCY,
    secret: e.SECRET ?? persistedSecret(dataDir),
    seedDemo: e.SEED_DEMO === '1',
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    searchPlanSteering: e.SEARCH_PLAN_STEERING === 'on',
    formChallengeTtlMs: e.FORM_CHALLENGE_TTL_SECONDS * 1000,
    webBuildDir: path.join(repoRoot, 'apps/web/build'),
    dnsServers: e.DNS_SERVERS?.length ? e.DNS_SERVERS : undefined,
    platformAddresses: e.PLATFORM_ADDRESSES,
    domainCheckPort: e.DOMAIN_CHECK_PORT,
    vapid: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : persistedVapidKeys(dataDir)),
      subject: e.VAPID_SUBJECT ?? 'mailto:admin@stashblog.invalid',
    },
    pushEndpointOrigins: e.PUSH_ENDPOINT_ORIGINS,
    ...overrides,
  };
}

// Without APP_HOSTS, our own hosts are where this process answers (localhost and 127.0.0.1 on
// PORT) plus PUBLIC_URL's host, so `PORT=3000 npm start` serves the storefronts on :3000.
function defaultAppHosts(port: number, publicUrl: string): string[] {
  const hosts = [`localhost:${port}`, `127.0.0.1:${port}`, new URL(publicUrl).host.toLowerCase()];
  return [...new Set(hosts)];
}

// A secret generated on first start and kept in DATA_DIR, so signed upload URLs survive restarts.
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

// VAPID keys (web push) generated on first start and kept in DATA_DIR: browsers' subscriptions are
// bound to the public key, so it must survive restarts.
function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
