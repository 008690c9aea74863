import { DEFAULT_PHOTO_HOLD_THRESHOLDS, PHOTO_CLASSES, type PhotoScores } from '@bid/contract';
import sharp from 'sharp';
import { createPhotoClassifier, screenPhoto } from '../../apps/server/src/lib/photo-classifier/photo-classifier.js';
import type { BenchContext, Scenario } from '../lib/context.js';
import { median } from '../lib/stats.js';

/** Photos classified after the warm-up (the first loads the model and is not timed). */
const PHOTOS = { quick: 20, full: 60 } as const;

/**
 * Ordinary 640 px photographs, each different: a sky-to-ground gradient with a sun, a house and
 * a tree whose colours and places vary (shapes and shading, not noise, which the model can
 * mistake for skin).
 */
export function benignSceneSvg(n: number): string {
  const hue = (n * 47) % 360;
  const x = 120 + ((n * 53) % 300);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,65%)"/><stop offset="0.6" stop-color="#eef3ff"/>
      <stop offset="0.61" stop-color="hsl(${(hue + 90) % 360},40%,45%)"/><stop offset="1" stop-color="#2f4f1f"/>
    </linearGradient></defs>
    <rect width="640" height="480" fill="url(#g)"/>
    <circle cx="${520 - (n % 5) * 30}" cy="90" r="40" fill="#ffd966"/>
    <rect x="${x}" y="200" width="160" height="120" fill="hsl(${(hue + 30) % 360},50%,40%)"/>
    <polygon points="${x - 10},200 ${x + 80},130 ${x + 170},200" fill="#7f3f00"/>
    <rect x="${x + 300}" y="230" width="16" height="90" fill="#5b3a1a"/><circle cx="${x + 308}" cy="215" r="45" fill="#2e7d32"/>
  </svg>`;
}

/** Every score present and the five adding up to 1: what a classification must answer to count. */
export function isCompleteScoring(scores: PhotoScores | null): boolean {
  if (!scores) return false;
  const total = PHOTO_CLASSES.reduce((sum, name) => sum + (Number.isFinite(scores[name]) ? scores[name] : NaN), 0);
  return Math.abs(total - 1) < 1e-3;
}

/**
 * Classification time per photo (issue 36 point 4, docs/trust-and-safety.md "Screening"): the
 * server's own path, the 640 px JPEG resized to the model's input with sharp, sent to the worker
 * thread, scored by MobileNetV2 on the WebAssembly backend and weighed against the production
 * thresholds, one photo at a time (as uploads arrive). Value: the median milliseconds per photo;
 * the model's one-off load is reported beside it.
 */
export const photoClassification: Scenario = {
  name: 'photo-classification',
  unit: 'ms',
  target: { of: 'value', op: '<=', bound: 1000, unit: 'ms' },
  invariant: 'every photo scored (five scores adding up to 1) and none of these ordinary photos held',
  async run(ctx: BenchContext) {
    const count = ctx.quick ? PHOTOS.quick : PHOTOS.full;
    const photos = await Promise.all(
      Array.from({ length: count + 1 }, (_, n) =>
        sharp(Buffer.from(benignSceneSvg(n)))
          .jpeg({ quality: 85 })
          .toBuffer(),
      ),
    );
    const classifier = createPhotoClassifier();
    try {
      const loadStarted = performance.now();
      await classifier.start();
      const loadMs = performance.now() - loadStarted;
      await screenPhoto(classifier, photos[0]!, DEFAULT_PHOTO_HOLD_THRESHOLDS);
      const times: number[] = [];
      let complete = 0;
      let held = 0;
      for (const photo of photos.slice(1)) {
        const started = performance.now();
        const screening = await screenPhoto(classifier, photo, DEFAULT_PHOTO_HOLD_THRESHOLDS);
        times.push(performance.now() - started);
        if (isCompleteScoring(screening.scores)) complete += 1;
        if (screening.held) held += 1;
      }
      const value = median(times);
      ctx.log(`  ${count} photos of 640x480: median ${value.toFixed(0)} ms, model loaded in ${loadMs.toFixed(0)} ms`);
      return {
        value,
        ceiling: null,
        invariantHeld: complete === count && held === 0,
        detail: {
          unit: 'ms per photo',
          photos: count,
          size: '640x480 JPEG',
          backend: classifier.status().backend,
          loadMs: Math.round(loadMs),
          minMs: Math.round(Math.min(...times)),
          maxMs: Math.round(Math.max(...times)),
          held,
        },
      };
    } finally {
      await classifier.close();
    }
  },
};
