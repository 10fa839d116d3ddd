import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createECDH } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { encodePassword } from '@stashblog/contract/auth';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test-app.ts';

// The real `main.ts` and CLI as processes on one DATA_DIR: restart, kill -9, second start, CLI.
const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'stash-lifecycle-'));
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function env(port: number) {
  return { ...process.env, DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '0', LOG_LEVEL: 'warn' };
}

function startServer(port: number): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env: env(port) });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitHealthy(port: number, output: () => string = () => '', timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server on ${port} did not become healthy:\n${output()}`);
}

const cli = (args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: serverDir, env: env(5004) });

async function signIn(port: number, email: string, password: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/user/logIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: encodePassword(password) }),
  });
  return res.status;
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  // stop the embedded PostgreSQL a killed server may have left running
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGINT');
    } catch {}
    await new Promise((r) => setTimeout(r, 1500));
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('server lifecycle on one DATA_DIR', () => {
  it('keeps data across kill -9, refuses a second server, and the CLI works beside it', async () => {
    const port = await freePort();
    const first = startServer(port);
    await waitHealthy(port, first.output);

    // CLI while the server runs: adopts its PostgreSQL
    await cli([
      'create-business',
      '--business',
      'kept-shop',
      '--name',
      'Keeper',
      '--email',
      'keeper@example.test',
      '--password',
      'keeper-pass-1',
    ]);
    expect(await signIn(port, 'keeper@example.test', 'keeper-pass-1')).toBe(201);
    const dup = await cli([
      'create-business',
      '--business',
      'kept-shop',
      '--name',
      'X',
      '--email',
      'x@example.test',
      '--password',
      'xxxxxxxx1',
    ]).catch((e) => e);
    expect(String(dup.stderr)).toContain("Business name 'kept-shop' is already taken");
    const reserved = await cli([
      'create-business',
      '--business',
      'userAdmin',
      '--name',
      'X',
      '--email',
      'y@example.test',
      '--password',
      'xxxxxxxx1',
    ]).catch((e) => e);
    expect(reserved.code).toBe(1);

    // a second server on the same DATA_DIR refuses
    const second = startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another StashBlog server');

    // kill -9 and start again on the same data
    first.child.kill('SIGKILL');
    await first.exited;
    const again = startServer(port);
    await waitHealthy(port, again.output);
    expect(await signIn(port, 'keeper@example.test', 'keeper-pass-1')).toBe(201);

    // graceful stop releases the lock and stops PostgreSQL
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    // the CLI alone starts and stops its own PostgreSQL
    await cli([
      'create-business',
      '--business',
      'offline-shop',
      '--name',
      'Off',
      '--email',
      'off@example.test',
      '--password',
      'offline-pass-1',
    ]);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    const third = startServer(port);
    await waitHealthy(port, third.output);
    expect(await signIn(port, 'off@example.test', 'offline-pass-1')).toBe(201);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 240_000);
});

describe('first start on a fresh machine', () => {
  it('with SECRET and the VAPID keys set, starts on a DATA_DIR that does not exist yet (it creates it)', async () => {
    const app = await createTestApp();
    const port = await freePort();
    const fresh = path.join(dataDir, 'not', 'yet', 'there');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATA_DIR: fresh,
        PORT: String(port),
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        DATABASE_URL: app.ctx.db.$client.options.connectionString as string,
        SECRET: 's'.repeat(40),
        VAPID_PUBLIC_KEY: ecdh.getPublicKey('base64url'),
        VAPID_PRIVATE_KEY: ecdh.getPrivateKey('base64url'),
      },
    });
    children.push(child);
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await Promise.race([
      waitHealthy(port, () => out),
      exited.then((code) => {
        throw new Error(`server exited with ${code}:\n${out}`);
      }),
    ]);
    expect(existsSync(path.join(fresh, 'server.pid'))).toBe(true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(path.join(fresh, 'server.pid'))).toBe(false);
  }, 120_000);
});
