import { createCanvas, loadImage } from '@napi-rs/canvas';

/** A decoded PNG whose pixels a test can read. */
export interface Decoded {
  width: number;
  height: number;
  /** [r, g, b, a] at integer pixel (x, y). */
  at(x: number, y: number): [number, number, number, number];
}

export async function decode(png: Buffer): Promise<Decoded> {
  const image = await loadImage(png);
  const ctx = createCanvas(image.width, image.height).getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  return {
    width: image.width,
    height: image.height,
    at(x, y) {
      const i = (Math.floor(y) * image.width + Math.floor(x)) * 4;
      return [data[i] ?? -1, data[i + 1] ?? -1, data[i + 2] ?? -1, data[i + 3] ?? -1];
    },
  };
}

export function hexRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Largest channel difference between a pixel and a colour; small means "that colour". */
export function distance(pixel: readonly number[], hex: string): number {
  const rgb = hexRgb(hex);
  return Math.max(...rgb.map((v, i) => Math.abs(v - (pixel[i] ?? 0))));
}
