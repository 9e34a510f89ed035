/**
 * Seeded pseudo-random generator (sfc32: small, fast, passes PractRand) whose whole
 * state is four unsigned 32-bit integers, so it lives inside the serialisable game
 * state and a replay from the same state deals the same cards (boardgame.io's model).
 */
export type RngState = readonly [number, number, number, number];

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(state: RngState) {
    [this.a, this.b, this.c, this.d] = state;
  }

  /** A generator from any 32-bit integer seed (scenario files use small seeds). */
  static fromSeed(seed: number): Rng {
    const rng = new Rng([0x9e3779b9, 0x243f6a88, 0xb7e15162, seed >>> 0]);
    for (let i = 0; i < 15; i++) rng.nextUint32(); // mix the seed through the state
    return rng;
  }

  state(): RngState {
    return [this.a, this.b, this.c, this.d];
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n), without modulo bias. */
  int(n: number): number {
    if (!(n > 0 && n <= 4294967296 && Number.isInteger(n))) throw new RangeError(`bad bound ${n}`);
    const limit = 4294967296 - (4294967296 % n);
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % n;
    }
  }
}

export function isRngState(value: unknown): value is RngState {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    value.every((x) => Number.isInteger(x) && x >= -(2 ** 31) && x < 2 ** 32)
  );
}
