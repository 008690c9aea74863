import { describe, expect, it } from 'vitest';
import { planSquareCrop } from './cropImage';

describe('planSquareCrop (docs/product.md §9: square crop)', () => {
  it('cuts the reported square in whole pixels and keeps a small crop at its own size', () => {
    expect(planSquareCrop({ x: 10.4, y: 20.6, width: 300.2, height: 300.4 }, 512)).toEqual({
      source: { x: 10, y: 21, size: 300 },
      outputSize: 300,
    });
  });

  it('shrinks a large crop to what the server keeps', () => {
    expect(planSquareCrop({ x: 0, y: 0, width: 3000, height: 3000 }, 512)).toEqual({
      source: { x: 0, y: 0, size: 3000 },
      outputSize: 512,
    });
  });

  it('stays square when rounding leaves the sides a pixel apart', () => {
    expect(planSquareCrop({ x: 0, y: 0, width: 801, height: 800 }, 1000).source.size).toBe(800);
  });

  it('never starts left of or above the image', () => {
    expect(planSquareCrop({ x: -0.4, y: -2, width: 50, height: 50 }, 512).source).toEqual({ x: 0, y: 0, size: 50 });
  });

  it('refuses an empty or broken area', () => {
    expect(() => planSquareCrop({ x: 0, y: 0, width: 0.2, height: 0.2 }, 512)).toThrow('The crop area is empty');
    expect(() => planSquareCrop({ x: Number.NaN, y: 0, width: 10, height: 10 }, 512)).toThrow(
      'The crop area is not a number',
    );
  });
});
