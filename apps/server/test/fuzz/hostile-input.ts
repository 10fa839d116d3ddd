import fc from 'fast-check';

// Generators of hostile client input for the fuzz tests (fuzz-api.test.ts, fuzz-pages.ts):
// wrong types, huge and control-laden strings, invalid UTF-8 and base64 ids, huge/negative paging,
// deep nesting and prototype keys, mixed with plausible values (real ids, names) so handlers run
// past validation.

export const fuzzRuns = Number(process.env.FUZZ_RUNS ?? 200);
export const fuzzSeed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

const megabyte = 'x'.repeat(1024 * 1024);

export const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[31mred',
  '\r\nSet-Cookie: a=b',
  '\ud800',
  '\uffff',
  '\u202e',
  '%00',
  '%',
  '%E0%A4%A',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '"',
  '\\',
  '__proto__',
  'constructor',
  'prototype',
  'javascript:alert(1)',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'ImEi',
  'not base64!',
  '====',
  btoa('"x"'),
  btoa('{"a":1}'),
  btoa('123'),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-7fff-bfff-ffffffffffff',
  'Date, new to old',
  'Alphabetically A-Z',
  'All',
  'x'.repeat(10_000),
];

export const nastyNumbers = [
  0,
  -1,
  1,
  2,
  3,
  12,
  100,
  2 ** 31,
  -(2 ** 31),
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  0.5,
  -0.0001,
];

export function hostileString(plausible: string[] = []): fc.Arbitrary<string> {
  const arbs: fc.WeightedArbitrary<string>[] = [
    { arbitrary: fc.constantFrom(...nastyStrings), weight: 20 },
    { arbitrary: fc.string({ maxLength: 40 }), weight: 10 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 10 },
    { arbitrary: fc.uuid(), weight: 5 },
    // a 1 MB string now and then: in a body it meets the 1 MB limit, in a URL the router
    { arbitrary: fc.constant(megabyte), weight: 1 },
  ];
  if (plausible.length) arbs.push({ arbitrary: fc.constantFrom(...plausible), weight: 30 });
  return fc.oneof(...arbs);
}

/** Any JSON value a hostile client might put in a field. */
export function hostileValue(plausible: string[] = []): fc.Arbitrary<unknown> {
  const scalar = fc.oneof(
    { arbitrary: hostileString(plausible), weight: 6 },
    { arbitrary: fc.constantFrom(...nastyNumbers), weight: 2 },
    { arbitrary: fc.integer(), weight: 1 },
    { arbitrary: fc.double({ noNaN: true }), weight: 1 },
    { arbitrary: fc.boolean(), weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
  );
  return fc.oneof(
    { arbitrary: scalar, weight: 8 },
    { arbitrary: fc.array(scalar, { maxLength: 5 }), weight: 2 },
    { arbitrary: fc.constant(Array.from({ length: 2000 }, (_, i) => `${i}`)), weight: 1 },
    { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }), weight: 1 },
    { arbitrary: fc.constant(deepNest(200)), weight: 1 },
  );
}

function deepNest(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
}

/** A JSON object with some of the known keys (hostile values), maybe extra keys and prototype keys. */
export function hostileObject(keys: string[], plausible: string[]): fc.Arbitrary<Record<string, unknown>> {
  const known = fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue(plausible)])), { requiredKeys: [] });
  return fc
    .tuple(
      known,
      fc.dictionary(fc.constantFrom('isAdmin', 'businessId', 'id', '_id', 'role', 'extra', 'isBlocked', 'x'), hostileValue(), {
        maxKeys: 3,
      }),
    )
    .map(([a, b]) => ({ ...b, ...a }));
}

/** A request body: mostly a JSON object; sometimes another JSON type, broken JSON or invalid UTF-8. */
export type HostileBody = { payload: string | Buffer; contentType: string };

/**
 * `raw`: for a route whose body is not JSON (its OpenAPI content type, e.g. application/zip), bodies
 * of that type: the given samples (made by the caller, e.g. ZIPs with hostile entries) and random bytes.
 */
export function hostileBody(
  keys: string[],
  plausible: string[],
  raw?: { contentType: string; samples: Buffer[] },
): fc.Arbitrary<HostileBody> {
  if (raw) {
    const { contentType } = raw;
    return fc.oneof(
      { arbitrary: fc.constantFrom(...raw.samples).map((payload) => ({ payload, contentType })), weight: 4 },
      { arbitrary: fc.uint8Array({ maxLength: 4096 }).map((b) => ({ payload: Buffer.from(b), contentType })), weight: 2 },
      { arbitrary: hostileBody(keys, plausible), weight: 1 },
    );
  }
  const json = (v: unknown, proto: boolean): HostileBody => {
    let text = JSON.stringify(v) ?? 'null';
    if (proto && text.startsWith('{')) {
      text = `{"__proto__":{"polluted":"yes","isAdmin":true},"constructor":{"prototype":{"polluted":"yes"}}${text.length > 2 ? ',' : ''}${text.slice(1)}`;
    }
    return { payload: text, contentType: 'application/json' };
  };
  const invalidUtf8 = fc.constantFrom(...(keys.length ? keys : ['x'])).map((k) => ({
    payload: Buffer.concat([Buffer.from(`{"${k}":"a`), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('b"}')]),
    contentType: 'application/json',
  }));
  return fc.oneof(
    { arbitrary: fc.tuple(hostileObject(keys, plausible), fc.boolean()).map(([o, p]) => json(o, p)), weight: 12 },
    { arbitrary: hostileValue(plausible).map((v) => json(v, false)), weight: 2 },
    {
      arbitrary: fc
        .constantFrom('{', '{"a":', 'nul', '[1,2', '"\\u0000"', '{"a":"\\ud800"}')
        .map((t) => ({ payload: t, contentType: 'application/json' })),
      weight: 1,
    },
    { arbitrary: invalidUtf8, weight: 1 },
    { arbitrary: hostileString().map((t) => ({ payload: t, contentType: 'text/plain' })), weight: 1 },
    { arbitrary: fc.constant({ payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' }), weight: 1 },
  );
}

/**
 * Percent-encodes a value the way clients do, or sends it raw/invalid now and then. Raw values still
 * escape what would change the URL's shape for the inject client (a backslash reads as a slash, so
 * a leading one would turn the path into an authority it cannot parse).
 */
export function encodeForUrl(value: string, raw: boolean): string {
  if (raw) return value.replace(/[\s#?/&\\]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as bytes
  }
}

export type QueryPart = [string, string | string[]];

export function hostileQuery(keys: string[], plausible: string[]): fc.Arbitrary<{ parts: QueryPart[]; raw: boolean }> {
  const value = fc.oneof(
    { arbitrary: hostileString(plausible).map((s) => s as string | string[]), weight: 8 },
    { arbitrary: fc.constantFrom(...nastyNumbers).map(String), weight: 3 },
    { arbitrary: fc.array(hostileString(plausible), { minLength: 2, maxLength: 4 }), weight: 1 },
  );
  const key = keys.length
    ? fc.oneof(
        { arbitrary: fc.constantFrom(...keys), weight: 8 },
        { arbitrary: fc.constantFrom('__proto__', 'x', 'a[b]', 'constructor'), weight: 1 },
      )
    : fc.constantFrom('__proto__', 'x', 'a[b]');
  return fc.record({ parts: fc.array(fc.tuple(key, value), { maxLength: 5 }), raw: fc.boolean() });
}

export function queryString({ parts, raw }: { parts: QueryPart[]; raw: boolean }): string {
  const out: string[] = [];
  for (const [k, v] of parts) for (const one of [v].flat()) out.push(`${encodeForUrl(k, false)}=${encodeForUrl(one, raw)}`);
  return out.length ? `?${out.join('&')}` : '';
}

/**
 * Runs `fuzzRuns` generated cases of one target, a few at a time (the server handles requests
 * concurrently anyway), and throws on the first failing case with the seed that replays it.
 */
export async function runCases<T>(arb: fc.Arbitrary<T>, seedOffset: number, check: (c: T) => Promise<string | null>, concurrency = 8) {
  const seed = fuzzSeed + seedOffset;
  const cases = fc.sample(arb, { numRuns: fuzzRuns, seed });
  for (let i = 0; i < cases.length; i += concurrency) {
    const results = await Promise.all(cases.slice(i, i + concurrency).map((c) => check(c)));
    const failed = results.findIndex((r) => r !== null);
    if (failed !== -1) {
      const c = cases[i + failed];
      throw new Error(
        `${results[failed]}\nreplay with FUZZ_SEED=${fuzzSeed} FUZZ_RUNS=${fuzzRuns} (case ${i + failed}, seed ${seed}); input: ${JSON.stringify(c)?.slice(0, 2000)}`,
      );
    }
  }
}
