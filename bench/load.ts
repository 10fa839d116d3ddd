import http from 'node:http';

// A small closed-loop HTTP load generator (keep-alive, fixed concurrency, fixed duration) so the
// benchmarks need nothing beyond Node. Both sides of a ratio are measured with the same client.
export type LoadResult = { requests: number; rps: number; p50: number; p95: number; p99: number; errors: number };

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
          if (res.statusCode !== 200) errors++;
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
  return { requests: latencies.length, rps: latencies.length / seconds, p50: pct(50), p95: pct(95), p99: pct(99), errors };
}
