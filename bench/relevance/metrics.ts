// Ranking metrics over one query's results (ids in rank order) and its graded judgments (id -> grade, 0 or absent:
// not relevant). Averaged over queries by the caller.

export type Grades = ReadonlyMap<string, number>;

const dcg = (gains: number[]) => gains.reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);

/** Normalised discounted cumulative gain at k (gain 2^grade - 1); 0 when nothing is relevant. */
export function ndcgAt(k: number, ranked: readonly string[], grades: Grades): number {
  const ideal = dcg(
    [...grades.values()]
      .filter((g) => g > 0)
      .sort((a, b) => b - a)
      .slice(0, k),
  );
  return ideal === 0 ? 0 : dcg(ranked.slice(0, k).map((id) => grades.get(id) ?? 0)) / ideal;
}

const relevant = (grades: Grades) => [...grades].filter(([, g]) => g > 0).map(([id]) => id);

/** Share of the relevant items found in the first k; 0 when nothing is relevant. */
export function recallAt(k: number, ranked: readonly string[], grades: Grades): number {
  const all = relevant(grades);
  if (all.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return all.filter((id) => top.has(id)).length / all.length;
}

/** Share of the first k positions holding a relevant item (k positions, also when fewer results). */
export function precisionAt(k: number, ranked: readonly string[], grades: Grades): number {
  return ranked.slice(0, k).filter((id) => (grades.get(id) ?? 0) > 0).length / k;
}

/** 1 / rank of the first relevant item; 0 when none is returned. */
export function reciprocalRank(ranked: readonly string[], grades: Grades): number {
  const i = ranked.findIndex((id) => (grades.get(id) ?? 0) > 0);
  return i < 0 ? 0 : 1 / (i + 1);
}

export const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
