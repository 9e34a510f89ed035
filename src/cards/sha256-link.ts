/**
 * SHA-256 (FIPS 180-4) of a 32-byte message, the one message a hash chain hashes, kept
 * as eight big-endian 32-bit words and replaced in place: a chain's link is then one
 * compression of one fixed-padding block, with no buffer made, copied or converted
 * between links. A game opens on 1,024 links (fair-deck.ts): 1.3-1.4 µs a link through
 * node:crypto's one-shot `hash` (its argument checks, a Buffer each), 1.1-1.7 µs through
 * @chainsafe/as-sha256 or @noble/hashes, 0.37-0.41 µs here (measured, the same machine).
 * The unit test holds it to node:crypto's SHA-256 for random seeds and chain lengths.
 */

/** The round constants: the first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** The initial hash value: the first 32 bits of the fractional parts of the square roots of the first 8 primes. */
const H0 = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** The message schedule, reused by every link (one thread runs this module's code at a time). */
const W = new Int32Array(64);

/** The 32 bytes `bytes` (exactly 32) as the eight words `sha256Link` hashes. */
export function wordsOf(bytes: Uint8Array): Int32Array {
  if (bytes.length !== 32) throw new RangeError('a link hashes exactly 32 bytes');
  const view = new DataView(bytes.buffer, bytes.byteOffset, 32);
  return Int32Array.from({ length: 8 }, (_, i) => view.getInt32(i * 4));
}

/** The eight words back as 32 bytes, big-endian, as SHA-256 writes its digest. */
export function bytesOf(words: Int32Array): Buffer {
  const out = Buffer.allocUnsafe(32);
  for (let i = 0; i < 8; i++) out.writeInt32BE(words[i] as number, i * 4);
  return out;
}

/** Replaces the 32 bytes held in `h` (see `wordsOf`) with their SHA-256. */
export function sha256Link(h: Int32Array): void {
  for (let i = 0; i < 8; i++) W[i] = h[i] as number;
  // The padding of a 32-byte message: a 1 bit, zeros, and its length in bits (256).
  W[8] = 0x80000000;
  W.fill(0, 9, 15);
  W[15] = 256;
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15] as number;
    const w2 = W[i - 2] as number;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[i] = ((W[i - 16] as number) + s0 + (W[i - 7] as number) + s1) | 0;
  }
  let a = H0[0] as number;
  let b = H0[1] as number;
  let c = H0[2] as number;
  let d = H0[3] as number;
  let e = H0[4] as number;
  let f = H0[5] as number;
  let g = H0[6] as number;
  let k = H0[7] as number;
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (k + s1 + ((e & f) ^ (~e & g)) + (K[i] as number) + (W[i] as number)) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    k = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = ((H0[0] as number) + a) | 0;
  h[1] = ((H0[1] as number) + b) | 0;
  h[2] = ((H0[2] as number) + c) | 0;
  h[3] = ((H0[3] as number) + d) | 0;
  h[4] = ((H0[4] as number) + e) | 0;
  h[5] = ((H0[5] as number) + f) | 0;
  h[6] = ((H0[6] as number) + g) | 0;
  h[7] = ((H0[7] as number) + k) | 0;
}
