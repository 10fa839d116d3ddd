import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../src/config.ts';

export type TestS3 = {
  /** S3 settings for the app: path-style on 127.0.0.1, public reads straight from the bucket. */
  config: S3Config;
  /** Plain URL of an object, as a public bucket serves it. */
  objectUrl(key: string): string;
  close(): Promise<void>;
};

const accessKeyId = 'S3RVER';
const secretAccessKey = 'S3RVER';
const region = 'us-east-1';

/**
 * An S3-compatible server for tests: s3rver (in process, files in a temp dir) behind a small front
 * that checks the SigV4 signature and expiry of presigned (query-signed) requests, which s3rver
 * itself does not verify, so a tampered or expired presigned URL is refused as S3 refuses it.
 */
export async function startTestS3(bucket = 'stash-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'stash-s3-'));
  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port: innerPort } = await s3rver.run();

  const front = http.createServer((req, res) => {
    const refusal = presignRefusal(req);
    if (refusal) {
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${refusal}</Code></Error>`);
      return;
    }
    // agent: false, so no kept-alive socket holds s3rver open at close
    const inner = http.request(
      { host: '127.0.0.1', port: innerPort, method: req.method, path: req.url, headers: req.headers, agent: false },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    inner.on('error', () => res.destroy());
    // a client that stops reading (the app refusing an oversized original) must not leave s3rver
    // streaming into a stalled socket, which would hold its close() for ever
    res.on('close', () => inner.destroy());
    req.pipe(inner);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;

  return {
    config: {
      bucket,
      region,
      endpoint: base,
      credentials: { accessKeyId, secretAccessKey },
      forcePathStyle: true,
      publicUrl: `${base}/${bucket}`,
    },
    objectUrl: (key) => `${base}/${bucket}/${key}`,
    async close() {
      // clients (the AWS SDK, fetch) keep sockets alive; close() alone would wait for them
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

// RFC 3986 encoding, as SigV4 canonicalises query strings.
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** Why a query-signed request is refused (S3's error code), or null when it is not query-signed or is valid. */
function presignRefusal(req: http.IncomingMessage): string | null {
  const url = new URL(req.url ?? '/', 'http://x');
  const q = url.searchParams;
  const signature = q.get('X-Amz-Signature');
  if (signature === null) return null;
  const credential = (q.get('X-Amz-Credential') ?? '').split('/');
  const amzDate = q.get('X-Amz-Date') ?? '';
  const expires = Number(q.get('X-Amz-Expires'));
  const signedHeaders = (q.get('X-Amz-SignedHeaders') ?? '').split(';');
  if (credential.length !== 5 || credential[0] !== accessKeyId || !/^\d{8}T\d{6}Z$/.test(amzDate) || !(expires > 0)) {
    return 'AuthorizationQueryParametersError';
  }
  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (Date.now() > signedAt + expires * 1000) return 'AccessDenied';

  const [, day, credRegion, service] = credential as [string, string, string, string, string];
  const query = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = signedHeaders.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join('');
  const canonical = [
    req.method,
    url.pathname,
    query,
    headers,
    signedHeaders.join(';'),
    q.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${day}/${credRegion}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), credRegion), service), 'aws4_request');
  const expected = hmac(key, toSign);
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'SignatureDoesNotMatch';
}
