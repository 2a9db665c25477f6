/**
 * Seeded, stateless randomness: every random-looking number of the market is a hash of the seed and
 * of what it describes (chain, pool, block), so the same seed gives the same market whatever the
 * order of requests, and nothing needs to be stored.
 */

// 32-bit FNV-1a over the parts, then a murmur3 finaliser for avalanche.
function hashParts(seed: number, parts: readonly (string | number)[]): number {
  let h = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  for (const part of parts) {
    const text = typeof part === 'number' ? part.toString(36) : part;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    h ^= 0x2f;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform number in [0, 1) determined by the seed and the parts. */
export function unitHash(seed: number, ...parts: (string | number)[]): number {
  return hashParts(seed, parts) / 4294967296;
}

/** A standard normal number determined by the seed and the parts (Box-Muller on two hashes). */
export function gaussianHash(seed: number, ...parts: (string | number)[]): number {
  const u = Math.max(unitHash(seed, ...parts, 'u'), 1e-12);
  const v = unitHash(seed, ...parts, 'v');
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * A standard normal number that moves smoothly with time: independent draws every `periodMs`,
 * interpolated between and rescaled to unit variance. Two reads close together (two blocks of a
 * fast chain) are close; reads `periodMs` or more apart are independent. What a market sets anew
 * over seconds (how far arbitrage lags, a maker's spread) follows time, not block numbers: drawn
 * per block, it moved 48 times as often on Arbitrum (250 ms blocks) as on Ethereum (12 s).
 */
export function smoothGaussian(seed: number, periodMs: number, timeMs: number, ...parts: (string | number)[]): number {
  const position = timeMs / periodMs;
  const index = Math.floor(position);
  const frac = position - index;
  const a = gaussianHash(seed, ...parts, index);
  const b = gaussianHash(seed, ...parts, index + 1);
  return (a * (1 - frac) + b * frac) / Math.sqrt((1 - frac) ** 2 + frac ** 2);
}

/** An integer in [0, n) determined by the seed and the parts. */
export function indexHash(n: number, seed: number, ...parts: (string | number)[]): number {
  return Math.floor(unitHash(seed, ...parts) * n);
}

/** A small seeded generator (mulberry32) for sequences such as fault injection. */
export function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 20-byte address derived from the seed and the parts (pools, settlers): lowercase hex. */
export function addressHash(seed: number, ...parts: (string | number)[]): string {
  let hex = '';
  for (let i = 0; hex.length < 40; i++) hex += hashParts(seed, [...parts, 'addr', i]).toString(16).padStart(8, '0');
  return `0x${hex.slice(0, 40)}`;
}
