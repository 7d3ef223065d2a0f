/** mulberry32: a small seeded generator, so a fuzz run is reproducible from its seed. */
export interface Random {
  next(): number;
  int(max: number): number;
  bigint(min: bigint, max: bigint): bigint;
  pick<T>(items: readonly T[]): T;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number): number => Math.floor(next() * max);
  return {
    next,
    int,
    bigint: (min, max) =>
      max <= min
        ? min
        : min + (BigInt(Math.floor(next() * 2 ** 32)) * (max - min + 1n)) / 2n ** 32n,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}
