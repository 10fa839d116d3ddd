import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { encodeId } from '@stashblog/contract/ids';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 21 item 4: one copy of the server. Loaders reach the services through the load context
// (page-load-context.ts) and import only types from apps/server, so the web build carries no server
// module: a second copy would hold a second AppError class (a service's 404 in a loader seen as a
// 500), a second search cache and a second set of prepared statements.

const serverBuild = path.join(import.meta.dirname, '../../../web/build/server');
const own = 'localhost:5004';

function buildFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? buildFiles(path.join(dir, entry.name)) : entry.name.endsWith('.js') ? [path.join(dir, entry.name)] : [],
  );
}

describe.skipIf(!existsSync(path.join(serverBuild, 'index.js')))('one copy of the server', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createDemoTestApp();
  });

  it('the web build imports no server module and bundles none (nor the contract)', () => {
    const files = buildFiles(serverBuild);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      const imported = [...code.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? m[2]);
      // the server's runtime (its database, HTTP framework, services) never enters the web build
      expect(
        imported.filter((s) => /^(@stashblog\/server|drizzle-orm|pg|fastify|nodemailer|sharp)(\/|$)/.test(s ?? '')),
        file,
      ).toEqual([]);
      expect(code, file).not.toMatch(/class AppError\b/);
      // the bundler's note of where a module came from: only the web app's own files are bundled
      expect(code, file).not.toMatch(/^\/\/ \.\.\/(server|\.\.\/packages)\//m);
    }
    const contract = buildFiles(serverBuild).some((file) => readFileSync(file, 'utf8').includes('from "@stashblog/contract/'));
    expect(contract, 'the contract is imported at run time, the same modules the server uses').toBe(true);
  });

  it("a service's 404 in a loader is the AppError the server knows: the 404 page, not a 500", async () => {
    const product = await app.inject({
      url: `/lotus-handicrafts/products/${encodeURIComponent(encodeId('00000000-0000-4000-8000-000000000000'))}`,
      headers: { host: own },
    });
    expect(product.statusCode).toBe(404);
    expect(product.headers['content-type']).toMatch(/^text\/html/);
    const catalogue = await app.inject({
      url: `/lotus-handicrafts/catalogues/${encodeURIComponent(encodeId('00000000-0000-4000-8000-000000000000'))}`,
      headers: { host: own },
    });
    expect(catalogue.statusCode).toBe(404);
    // and a page the services answer renders with the tenant the server resolved
    const home = await app.inject({ url: '/lotus-handicrafts/home', headers: { host: own } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Lotus Handicrafts');
  });
});
