import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../src/modules/domains/dns-test-server.ts';
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
    app = await createTestApp({
      dnsServers: [dns.address],
      // Caddy is the only proxy, on loopback (docs/deploy.md: TRUST_PROXY = Caddy's address)
      trustProxy: ['127.0.0.1'],
      publicUrl: `https://${ownHost}`,
      appHosts: [ownHost],
    });
    const appPort = await freePort();
    await app.listen({ port: appPort, host: '127.0.0.1' });

    shop = await app.owner('tls-shop');
    pending = await app.owner('tls-pending');
    records.set(`_stashblog-challenge.${verified}`, [await claim(shop, verified)]);
    expect((await verify(shop)).statusCode).toBe(200);
    await claim(pending, unverified);

    dir = mkdtempSync(path.join(tmpdir(), 'stash-caddy-'));
    const caddyfile = path.join(dir, 'Caddyfile');
    writeFileSync(caddyfile, deployCaddyfile());
    const [httpPort, askPort] = [await freePort(), await freePort()];
    httpsPort = await freePort();
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
    expect(own.status).toBe(301);
    expect(own.location).toBe(`https://${verified}/products`);
  });

  it('an unverified or unknown domain gets no certificate: the TLS handshake fails', async () => {
    for (const name of [unverified, 'nobody.test']) {
      const result = await handshake(name);
      expect('error' in result, `${name} was served a certificate`).toBe(true);
      if ('error' in result) expect(result.error.message).not.toMatch(/certificate|self.signed|altnames/i);
    }
    // it is the app's answer that decides: once the owner verifies, the same name gets one
    records.set(`_stashblog-challenge.${unverified}`, [await claim(pending, unverified)]);
    expect((await verify(pending)).statusCode).toBe(200);
    const now = await handshake(unverified);
    expect('cert' in now && now.cert.subjectaltname).toBe(`DNS:${unverified}`);
  });
});
