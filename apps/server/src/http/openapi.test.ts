import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 22: the OpenAPI document passes redocly's recommended rules (`npx @redocly/cli lint`): each
// operation is named and summarised, says which session it needs (none for a public call), and
// declares the error envelope of its 4xx answers.

type Operation = { operationId?: string; summary?: string; security?: Record<string, string[]>[]; responses?: Record<string, unknown> };
type Doc = {
  servers?: { url: string }[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
};

let app: TestApp;
let doc: Doc;
beforeAll(async () => {
  app = await createTestApp();
  doc = (await app.inject({ url: '/api/docs/json' })).json() as Doc;
});

describe('the OpenAPI document', () => {
  it('names its server and session schemes, and every operation its name, summary, session and 4xx envelope', () => {
    expect(doc.servers?.[0]?.url).toBe(app.ctx.config.publicUrl);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['ownerSession', 'platformSession']);
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ at: `${method} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(100);
    const ids = new Set<string>();
    for (const { at, op } of operations) {
      expect(op.operationId, at).toBeTruthy();
      ids.add(op.operationId as string);
      expect(op.summary, at).toBeTruthy();
      expect(op.security, at).toBeDefined();
      for (const requirement of op.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes, at).toHaveProperty(scheme);
      }
      expect(op.responses?.['4XX'], at).toMatchObject({
        content: { 'application/json': { schema: { required: expect.arrayContaining(['code', 'message', 'error', 'payload']) } } },
      });
    }
    expect(ids.size).toBe(operations.length);
    // a public call needs no session; an owner's says so
    expect(doc.paths['/api/auth/user/logIn']?.post?.security).toEqual([]);
    expect(doc.paths['/api/userAdmin/products/fetch']?.get?.security).toEqual([{ ownerSession: [] }]);
  });
});
