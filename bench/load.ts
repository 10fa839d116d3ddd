import { execFileSync, fork, spawn } from 'node:child_process';
import http from 'node:http';

// Load generation for the benchmarks. The load always comes from a second process so the server
// under test does not share its event loop with the client: Debian's `wrk` when it is installed
// (`apt-get install -y wrk`), else our own keep-alive client (below) in a forked child.
// BENCH_LOAD=node forces our client; both sides of every ratio use the same generator.
export type LoadResult = {
  tool: 'wrk' | 'node';
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
};
export type LoadOptions = { connections?: number; seconds?: number; headers?: Record<string, string> };

let wrkPath: string | null | undefined;
export function wrkAvailable(): boolean {
  if (wrkPath === undefined) {
    try {
      wrkPath =
        process.env.BENCH_LOAD === 'node' ? null : execFileSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).trim() || null;
    } catch {
      wrkPath = null;
    }
  }
  return wrkPath !== null;
}

/** Runs `connections` keep-alive clients against `url` for `seconds` from another process. */
export async function measure(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  return wrkAvailable() ? wrk(url, options) : forkedClient(url, options);
}

function wrk(url: string, { connections = 20, seconds = 5, headers = {} }: LoadOptions): Promise<LoadResult> {
  const args = ['-t', String(Math.min(2, connections)), '-c', String(connections), '-d', `${seconds}s`, '--timeout', '10s', '--latency'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(wrkPath as string, args);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}: ${out}`));
      const ms = (label: string) => {
        const m = out.match(new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm'));
        if (!m) return 0;
        const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm'];
        return Number(m[1]) * scale;
      };
      const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? 0);
      const non2xx = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
      const socket = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
      const socketErrors = socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
      resolve({
        tool: 'wrk',
        requests,
        rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
        p50: ms('50%'),
        p99: ms('99%'),
        errors: non2xx + socketErrors,
      });
    });
  });
}

function forkedClient(url: string, options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, ['--client'], { execArgv: ['--import', 'tsx'] });
    child.once('message', (m) => {
      resolve(m as LoadResult);
      child.kill();
    });
    child.once('error', reject);
    child.send({ url, options });
  });
}

/** The in-process client: closed loop, keep-alive, fixed concurrency and duration. */
export async function load(
  url: string,
  { connections = 20, seconds = 5, headers = {} as Record<string, string> } = {},
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const start = performance.now();
      const req = http.get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if ((res.statusCode ?? 500) >= 400) errors++;
          latencies.push(performance.now() - start);
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { tool: 'node', requests: latencies.length, rps: latencies.length / seconds, p50: pct(50), p99: pct(99), errors };
}

if (process.argv.includes('--client')) {
  process.once('message', async (m) => {
    const { url, options } = m as { url: string; options: LoadOptions };
    process.send?.(await load(url, options));
  });
}
