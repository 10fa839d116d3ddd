import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// The only place that reads process.env. Parsed once at start-up; a bad value stops start-up
// with a message naming the variable.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(5004),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  APP_HOSTS: z
    .string()
    .default('localhost:5004,127.0.0.1:5004')
    .transform((s) =>
      s
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('StashBlog <no-reply@stashblog.local>'),
  SUPPORT_EMAIL: z.email().default('support@stashblog.local'),
  MAIL_RETRY_SECONDS: z.coerce.number().positive().default(30),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appHosts: string[];
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  /** How often the SMTP delivery loop looks for due mail (also the first retry delay). */
  mailRetryMs: number;
  secret: string;
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  sessionTtlMs: number;
  webBuildDir: string;
};

export class ConfigError extends Error {}

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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appHosts: e.APP_HOSTS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    mailRetryMs: e.MAIL_RETRY_SECONDS * 1000,
    secret: e.SECRET ?? persistedSecret(dataDir),
    seedDemo: e.SEED_DEMO === '1',
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    webBuildDir: path.join(repoRoot, 'apps/web/build'),
    ...overrides,
  };
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
