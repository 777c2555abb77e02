/** A published paper as the bulk seeder inserts it, whichever generator wrote it. */
export interface GeneratedPaper {
  id: string;
  title: string;
  abstract: string;
  category: string;
  keywords: string;
  authors: { name: string; email: string; school: string }[];
  published_at: string;
}

/** A small deterministic generator (mulberry32), so a given seed gives the same papers. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
