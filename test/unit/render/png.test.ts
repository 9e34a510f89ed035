import { describe, expect, it } from 'vitest';
import { encodePng } from '../../../src/render/png.ts';
import { decode } from './pixels.ts';

describe('encodePng', () => {
  it('round-trips every pixel through a real PNG decoder', async () => {
    const width = 7;
    const height = 5;
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < rgba.length; i += 4) {
      rgba[i] = (i * 7) & 255;
      rgba[i + 1] = (i * 13) & 255;
      rgba[i + 2] = (i * 29) & 255;
      rgba[i + 3] = 255;
    }
    const image = await decode(encodePng(width, height, rgba));
    expect([image.width, image.height]).toEqual([width, height]);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        expect(image.at(x, y)).toEqual([rgba[i], rgba[i + 1], rgba[i + 2], 255]);
      }
    }
  });

  it('keeps full transparency', async () => {
    const rgba = new Uint8Array([255, 0, 0, 255, 0, 0, 0, 0]);
    const image = await decode(encodePng(2, 1, rgba));
    expect(image.at(0, 0)).toEqual([255, 0, 0, 255]);
    expect(image.at(1, 0)[3]).toBe(0);
  });

  it('writes the PNG signature and an IHDR with the size', () => {
    const png = encodePng(3, 2, new Uint8Array(3 * 2 * 4));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.toString('latin1', 12, 16)).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(3);
    expect(png.readUInt32BE(20)).toBe(2);
  });

  it('refuses pixel data of the wrong length', () => {
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow(RangeError);
  });
});
