import type { ProductImport } from '@stashblog/contract/product-transfer';
import { productFileColumns } from '@stashblog/contract/product-transfer-texts';
import { expect } from 'vitest';
import { runDueJobs } from '../src/jobs/worker.ts';
import type { TestApp } from './test-app.ts';

// Import files for the product import tests (decision 059): the header row, a row from the fields
// it names, and a CSV of rows as a spreadsheet writes it (RFC 4180 quoting); and the calls that
// preview and run an import through the HTTP API.

export const header = Object.values(productFileColumns);

/** A row of the file from the fields it names; the rest empty. */
export function row(fields: Partial<Record<keyof typeof productFileColumns, string>>): string[] {
  return (Object.keys(productFileColumns) as (keyof typeof productFileColumns)[]).map((k) => fields[k] ?? '');
}

export function csvOf(rows: string[][]): Buffer {
  const cell = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return Buffer.from(rows.map((r) => `${r.map(cell).join(',')}\r\n`).join(''));
}

type Owner = { token: string };
const admin = (path: string) => `/api/userAdmin/products/${path}`;

/** POST previewImport: the file (base64) under its name, with the id of an uploaded ZIP of images if any. */
export function previewImport(app: TestApp, owner: Owner, file: Buffer, opts: { fileName?: string; zipId?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: admin('previewImport'),
    headers: { authorization: owner.token },
    payload: { fileName: opts.fileName ?? 'products.csv', content: file.toString('base64'), ...(opts.zipId ? { zipId: opts.zipId } : {}) },
  });
}

/** Starts a previewed import (queued), runs the due jobs (the import's and the image variants') and returns it as fetched. */
export async function runImport(app: TestApp, owner: Owner, id: string): Promise<ProductImport> {
  const started = await app.inject({ method: 'POST', url: admin('startImport'), headers: { authorization: owner.token }, payload: { id } });
  expect(started.statusCode, started.body).toBe(200);
  expect(started.json().payload.import.state).toBe('queued');
  await runDueJobs(app.ctx);
  const done = await app.inject({ method: 'GET', url: admin('fetchImport'), headers: { authorization: owner.token }, query: { id } });
  return done.json().payload.import;
}
