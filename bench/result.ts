import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const resultsDir = path.resolve(import.meta.dirname, 'results');

/** Writes bench/results/<name>.json (git-ignored) and prints it. */
export function writeResult(name: string, result: Record<string, unknown>) {
  // The machine's load average goes with every figure: a busy machine moves both sides of a ratio,
  // but not always alike.
  const withMeta = { ...result, at: new Date().toISOString(), cpus: os.cpus().length, loadavg: os.loadavg().map((n) => +n.toFixed(1)) };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(withMeta, null, 2)}\n`);
  console.log(`${name}: ${JSON.stringify(withMeta)}`);
}
