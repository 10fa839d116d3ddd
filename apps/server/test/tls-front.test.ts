import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from './dns-server.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Issue 12, "a real TLS front": Debian's Caddy runs the Caddyfile of docs/deploy.md (the block is
// read from that file, so the notes cannot drift from what is tested) in front of a test app, with
// Caddy's local CA instead of Let's Encrypt and free ports. Custom domains resolve to 127.0.0.1 by
// connecting there with the name as SNI and Host, as a browser would after DNS.
const repo = path.resolve(import.meta.dirname, '../../..');
const hasWebBuild = existsSync(path.join(repo, 'apps/web/build/server/index.js'));

function findCaddy(): string | null {
  try {
    execFileSync('caddy', ['version'], { stdio: 'pipe' });
    return 'caddy';
  } catch {
    return null;
  }
}
const caddy = findCaddy();

function deployCaddyfile(): string {
  const notes = readFileSync(path.join(repo, 'docs/deploy.md'), 'utf8');
  const block = /```caddyfile\n([\s\S]*?)```/.exec(notes)?.[1];
  if (!block) throw new Error('docs/deploy.md has no ```caddyfile block');
  return block;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const verified = 'tls-shop.test';
const unverified = 'tls-pending.test';
const ownHost = 'stashblog.test';
const records = new Map<string, string[]>();
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let app: TestApp;
let child: ChildProcess | undefined;
let caddyLog = '';
let dir: string;
let httpsPort: number;
let plainPort: number;
let rootCa: string;

type Owner = Awaited<ReturnType<TestApp['owner']>>;
async function claim(owner: Owner, domain: string): Promise<string> {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/userAdmin/domains/set',
    headers: { authorization: owner.token },
    payload: { domain },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload.claim.record.value;
}
async function verify(owner: Owner) {
  return app.inject({ method: 'PUT', url: '/api/userAdmin/domains/verify', headers: { authorization: owner.token } });
}

/** GET over TLS to Caddy with `name` as SNI and Host; trusts only Caddy's local root. */
function get(name: string, urlPath: string): Promise<{ status: number; body: string; location?: string; cert: tls.PeerCertificate }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host: '127.0.0.1', port: httpsPort, servername: name, headers: { host: name }, path: urlPath, ca: rootCa, agent: false },
      (res) => {
        const cert = (res.socket as tls.TLSSocket).getPeerCertificate();
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, location: res.headers.location, cert }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A bare TLS handshake with `name` as SNI: the certificate presented, or the error. */
function handshake(name: string): Promise<{ cert: tls.PeerCertificate } | { error: Error }> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port: httpsPort, servername: name, ca: rootCa }, () => {
      resolve({ cert: socket.getPeerCertificate() });
      socket.end();
    });
    socket.on('error', (error) => resolve({ error }));
  });
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 15_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child?.exitCode !== null && child?.exitCode !== undefined) throw new Error(`caddy exited with ${child.exitCode}:\n${caddyLog}`);
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}:\n${caddyLog}`);
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

// Without CI a machine lacking Caddy or a web build skips this; in CI (scripts/test-all.sh installs
// Caddy and builds first) either missing is a failure.
describe.skipIf(!process.env.CI && (!caddy || !hasWebBuild))('TLS front: Caddy with on-demand TLS asking the app', () => {
  let shop: Owner;
  let pending: Owner;

  beforeAll(async () => {
    if (!caddy) throw new Error("caddy is not installed (scripts/test-all.sh installs Debian's caddy)");
    if (!hasWebBuild) throw new Error('no web build in apps/web/build (run `npm run build`)');
    dns = await startDnsServer(records);
    const [httpPort, askPort] = [await freePort(), await freePort()];
    httpsPort = await freePort();
    app = await createTestApp({
      dnsServers: [dns.address],
      // Caddy is the only proxy, on loopback (docs/deploy.md: TRUST_PROXY = Caddy's address)
      trustProxy: ['127.0.0.1'],
      publicUrl: `https://${ownHost}`,
      appHosts: [ownHost],
      // custom domains point at Caddy on loopback; the HTTP challenge goes through Caddy's plain HTTP port
      platformAddresses: ['127.0.0.1'],
      domainCheckPort: httpPort,
    });
    const appPort = await freePort();
    await app.listen({ port: appPort, host: '127.0.0.1' });
    for (const name of [verified, unverified]) records.set(`A ${name}`, ['127.0.0.1']);

    dir = mkdtempSync(path.join(tmpdir(), 'stash-caddy-'));
    const caddyfile = path.join(dir, 'Caddyfile');
    writeFileSync(caddyfile, deployCaddyfile());
    child = spawn(caddy as string, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        XDG_DATA_HOME: path.join(dir, 'data'),
        XDG_CONFIG_HOME: path.join(dir, 'config'),
        // the only differences from production: local CA, free ports, no admin endpoint
        CERT_ISSUER: 'internal',
        HTTP_PORT: String(httpPort),
        HTTPS_PORT: String(httpsPort),
        ASK_PORT: String(askPort),
        CADDY_ADMIN: 'off',
        ACME_EMAIL: 'ops@stashblog.test',
        PUBLIC_HOST: ownHost,
        APP_NODES: `127.0.0.1:${appPort}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      caddyLog += d;
    });
    child.stderr?.on('data', (d) => {
      caddyLog += d;
    });
    const rootFile = path.join(dir, 'data/caddy/pki/authorities/local/root.crt');
    await waitFor('caddy to listen', async () => (await canConnect(httpsPort)) && (await canConnect(askPort)) && existsSync(rootFile));
    rootCa = readFileSync(rootFile, 'utf8');
    plainPort = httpPort;

    // verification fetches the challenge through Caddy's plain HTTP site, as in production
    shop = await app.owner('tls-shop');
    pending = await app.owner('tls-pending');
    records.set(`TXT _stashblog-challenge.${verified}`, [await claim(shop, verified)]);
    const verifiedShop = await verify(shop);
    expect(verifiedShop.statusCode, verifiedShop.body).toBe(200);
    await claim(pending, unverified);
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await dns?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("a verified custom domain gets a certificate from Caddy's CA and its business's storefront over HTTPS", async () => {
    const res = await get(verified, '/home');
    expect(res.status, res.body.slice(0, 500)).toBe(200);
    expect(res.cert.subjectaltname).toBe(`DNS:${verified}`);
    expect(res.cert.issuer.CN).toMatch(/Caddy Local Authority/);
    expect(res.body).toMatch(/<title>Home \| [^<]*<\/title>/);
    // the storefront of this business: its name is in the page's data, and links stay on the domain
    expect(res.body).toContain('tls-shop');
    expect(res.body).not.toContain('/tls-shop/home');

    // the own host serves the platform; its /{business} path sends visitors to the verified domain
    const own = await get(ownHost, '/tls-shop/products');
    expect(own.status).toBe(302); // 301 only once the domain has been verified for a week
    expect(own.location).toBe(`https://${verified}/products`);
  });

  it('plain HTTP on a custom domain: the challenge reaches the app, anything else moves to HTTPS', async () => {
    const token = (await claim(pending, unverified)).split('=')[1];
    const plain = (name: string, urlPath: string) =>
      new Promise<{ status: number; body: string; location?: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: plainPort, path: urlPath, headers: { host: name }, agent: false }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (d) => {
              body += d;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body, location: res.headers.location }));
          })
          .on('error', reject);
      });
    const challenge = await plain(unverified, `/.well-known/stashblog-domain/${token}`);
    expect(challenge).toMatchObject({ status: 200, body: token });
    expect((await plain(verified, `/.well-known/stashblog-domain/${token}`)).status).toBe(404);
    const page = await plain(unverified, '/home?x=1');
    expect(page.status).toBe(308);
    expect(page.location).toBe(`https://${unverified}/home?x=1`);
  });

  it('an unverified or unknown domain gets no certificate: the TLS handshake fails', async () => {
    for (const name of [unverified, 'nobody.test']) {
      const result = await handshake(name);
      expect('error' in result, `${name} was served a certificate`).toBe(true);
      if ('error' in result) expect(result.error.message).not.toMatch(/certificate|self.signed|altnames/i);
    }
    // it is the app's answer that decides: once the owner verifies, the same name gets one
    records.set(`TXT _stashblog-challenge.${unverified}`, [await claim(pending, unverified)]);
    expect((await verify(pending)).statusCode).toBe(200);
    const now = await handshake(unverified);
    expect('cert' in now && now.cert.subjectaltname).toBe(`DNS:${unverified}`);
  });
});

// Issue 20 item 11: the documented Caddyfile showed a visitor a 502 whenever a node restarted. Two
// real app processes behind Caddy; each in turn is stopped (SIGTERM) and started again while a
// bounded loop of requests runs through Caddy: no answer may be a 502.
describe.skipIf(!process.env.CI && (!caddy || !hasWebBuild))('Caddy with two app nodes: a node restarting under load', () => {
  const serverDir = path.resolve(import.meta.dirname, '..');
  const nodes: { port: number; child?: ChildProcess; out: string }[] = [];
  const dataDirs: string[] = [];
  let front: ChildProcess | undefined;
  let frontLog = '';
  let caddyDir: string;
  let frontPort: number;
  let ca: string;
  let databaseUrl: string;

  async function startNode(node: { port: number; child?: ChildProcess; out: string }) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stash-walk-'));
    dataDirs.push(dataDir);
    node.out = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(node.port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        SECRET: 's'.repeat(40),
        PUBLIC_URL: `https://${ownHost}`,
        TRUST_PROXY: '127.0.0.1',
        // custom-domain checks (the daily re-check loop) never ask the machine's resolver
        DNS_SERVERS: '127.0.0.1:9',
      },
    });
    node.child = child;
    child.stdout?.on('data', (d) => {
      node.out += d;
    });
    child.stderr?.on('data', (d) => {
      node.out += d;
    });
    const until = Date.now() + 120_000;
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`node exited with ${child.exitCode}:\n${node.out}`);
      try {
        if ((await fetch(`http://127.0.0.1:${node.port}/healthz`)).ok) return;
      } catch {}
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`node on ${node.port} did not become healthy:\n${node.out}`);
  }

  async function stopNode(node: { child?: ChildProcess }) {
    const child = node.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }

  beforeAll(async () => {
    const db = await createTestApp();
    databaseUrl = db.ctx.db.$client.options.connectionString as string;
    for (let i = 0; i < 2; i++) nodes.push({ port: await freePort(), out: '' });
    await Promise.all(nodes.map(startNode));
    caddyDir = mkdtempSync(path.join(tmpdir(), 'stash-caddy-walk-'));
    const caddyfile = path.join(caddyDir, 'Caddyfile');
    writeFileSync(caddyfile, deployCaddyfile());
    frontPort = await freePort();
    front = spawn(caddy as string, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH,
        HOME: caddyDir,
        XDG_DATA_HOME: path.join(caddyDir, 'data'),
        XDG_CONFIG_HOME: path.join(caddyDir, 'config'),
        CERT_ISSUER: 'internal',
        HTTP_PORT: String(await freePort()),
        HTTPS_PORT: String(frontPort),
        ASK_PORT: String(await freePort()),
        CADDY_ADMIN: 'off',
        ACME_EMAIL: 'ops@stashblog.test',
        PUBLIC_HOST: ownHost,
        APP_NODES: nodes.map((n) => `127.0.0.1:${n.port}`).join(' '),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    front.stdout?.on('data', (d) => {
      frontLog += d;
    });
    front.stderr?.on('data', (d) => {
      frontLog += d;
    });
    const rootFile = path.join(caddyDir, 'data/caddy/pki/authorities/local/root.crt');
    const until = Date.now() + 30_000;
    while (!((await canConnect(frontPort)) && existsSync(rootFile))) {
      if (Date.now() > until || front.exitCode !== null) throw new Error(`caddy did not start:\n${frontLog}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    ca = readFileSync(rootFile, 'utf8');
  }, 180_000);

  afterAll(async () => {
    await Promise.all(nodes.map(stopNode));
    if (front && front.exitCode === null) {
      const exited = new Promise((r) => front?.once('exit', r));
      front.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (front.exitCode === null) front.kill('SIGKILL');
    }
    for (const d of [...dataDirs, caddyDir]) if (d) rmSync(d, { recursive: true, force: true });
  }, 60_000);

  it('answers every request while each node in turn restarts: no 502', async () => {
    const agent = new https.Agent({ keepAlive: true, ca });
    // A TLS handshake Caddy ends with an alert (EPROTO, seen once in about 2,000 requests: 'tlsv1 alert internal
    // error') is Caddy's certificate layer, not the restarting node this test is about: that request is sent again
    // once on a new connection and counted as `retried`; a second failure counts as an error.
    let retried = 0;
    const request = (urlPath: string, again = true): Promise<number> =>
      new Promise<number>((resolve) => {
        const req = https.request(
          { host: '127.0.0.1', port: frontPort, servername: ownHost, headers: { host: ownHost }, path: urlPath, agent },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (d) => {
              body += d;
            });
            res.on('end', () => {
              if (res.statusCode !== 200) errors.push(`${res.statusCode} ${urlPath} ${body.slice(0, 120)}`);
              resolve(res.statusCode ?? 0);
            });
          },
        );
        req.on('error', (e) => {
          if (again && (e as NodeJS.ErrnoException).code === 'EPROTO') {
            retried++;
            resolve(request(urlPath, false));
            return;
          }
          errors.push(`${(e as NodeJS.ErrnoException).code ?? ''} ${e.message}`);
          resolve(0);
        });
        req.end();
      });
    const statuses = new Map<number, number>();
    const errors: string[] = [];
    let sent = 0;
    const paths = ['/home', '/api/public/user/fetchAll', '/healthz'];
    const load = async (done: () => boolean) => {
      for (let i = 0; (i < 150 || !done()) && i < 3000; i++) {
        const status = await request(paths[sent++ % paths.length]);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    for (const node of nodes) {
      let restarted = false;
      const restart = (async () => {
        await new Promise((r) => setTimeout(r, 500));
        await stopNode(node);
        await startNode(node);
        // Caddy's active health check (2 s) has seen it back before the other one goes down
        await new Promise((r) => setTimeout(r, 3000));
        restarted = true;
      })();
      await Promise.all([load(() => restarted), restart]);
    }
    agent.destroy();
    const counts = Object.fromEntries(statuses);
    console.log(
      `caddy restart walk: ${sent} requests, statuses ${JSON.stringify(counts)}, ${retried} retried after a TLS alert ${errors.join('; ')}`,
    );
    expect(sent).toBeGreaterThanOrEqual(300);
    expect(counts[502] ?? 0, JSON.stringify(counts)).toBe(0);
    expect(counts[200], JSON.stringify(counts)).toBe(sent - (counts[404] ?? 0));
  }, 240_000);
});
