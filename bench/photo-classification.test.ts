import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { benignSceneSvg, isCompleteScoring } from './scenarios/photo-classification.js';

describe('photo-classification scenario', () => {
  it('renders different 640x480 scenes', async () => {
    const [a, b] = await Promise.all(
      [0, 1].map((n) =>
        sharp(Buffer.from(benignSceneSvg(n)))
          .raw()
          .toBuffer(),
      ),
    );
    expect((await sharp(Buffer.from(benignSceneSvg(0))).metadata()).width).toBe(640);
    expect(a!.equals(b!)).toBe(false);
  });

  it('counts a classification only with five scores adding up to 1', () => {
    expect(isCompleteScoring({ Drawing: 0.1, Hentai: 0, Neutral: 0.9, Porn: 0, Sexy: 0 })).toBe(true);
    expect(isCompleteScoring({ Drawing: 0.1, Hentai: 0, Neutral: 0.5, Porn: 0, Sexy: 0 })).toBe(false);
    expect(isCompleteScoring({ Drawing: Number.NaN, Hentai: 0, Neutral: 1, Porn: 0, Sexy: 0 })).toBe(false);
    expect(isCompleteScoring(null)).toBe(false);
  });
});
