import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { PHOTO_CLASSES, type PhotoClass, type PhotoScores } from '@bid/contract';
import sharp from 'sharp';

/**
 * The image model that screens every uploaded photo (issue 36 point 4, docs/trust-and-safety.md
 * "Screening"): nsfwjs's MobileNetV2 on TensorFlow.js's WebAssembly backend, in one worker thread
 * per instance, loaded once. The worker keeps the 200 ms of arithmetic per photo off the event
 * loop; the queue in front of it is bounded and every photo has a deadline, so a stuck or
 * overloaded model turns into a failure (the photo is held) rather than a hanging upload.
 */

/** The model's input side, in pixels. */
export const CLASSIFIER_INPUT_PX = 224;
/** Photos waiting for or in the worker at once; one more is a failure (held for review). */
export const CLASSIFIER_MAX_QUEUE = 16;
/** From the call to the answer, loading the model included (about 1-2 s, more on a busy machine). */
export const CLASSIFIER_TIMEOUT_MS = 30_000;

export interface ClassifierStatus {
  state: 'idle' | 'loading' | 'ready' | 'failed' | 'closed';
  /** How long the model took to load, once it has. */
  loadMs?: number;
  backend?: string;
  error?: string;
}

export interface PhotoClassifier {
  /** The model's scores for an image (any format sharp reads); rejects when the classifier fails. */
  classify(image: Buffer): Promise<PhotoScores>;
  /** Starts the worker and loads the model now instead of at the first photo. */
  start(): Promise<void>;
  status(): ClassifierStatus;
  close(): Promise<void>;
}

/** The failure of a classification, with the reason the log and the moderators' queue show. */
export class ClassifierError extends Error {}

interface PendingJob {
  resolve: (scores: PhotoScores) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

type WorkerMessage =
  | { type: 'ready'; loadMs: number; backend: string }
  | { type: 'failed'; error: string }
  | { id: number; scores: Record<string, number> }
  | { id: number; error: string };

/**
 * The worker's file: beside this module in the sources (tsx, vitest), and beside the bundle in a
 * build (apps/server/build.mjs copies it next to dist/main.js, whose import.meta.url this is then).
 */
function workerUrl(): URL {
  const url = new URL('./classifier-worker.mjs', import.meta.url);
  if (existsSync(url)) return url;
  throw new ClassifierError(`the classifier's worker file is missing (${url.pathname.split('/').slice(-2).join('/')})`);
}

/** Resizes any photo to the model's 224x224 RGB input (the model was trained on squashed, not cropped, pictures). */
export async function modelInputOf(image: Buffer): Promise<Uint8Array> {
  const pixels = await sharp(image, { failOn: 'error' })
    .resize(CLASSIFIER_INPUT_PX, CLASSIFIER_INPUT_PX, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  return new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength);
}

function scoresOf(raw: Record<string, number>): PhotoScores {
  const scores = {} as PhotoScores;
  for (const name of PHOTO_CLASSES) {
    const value = raw[name];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new ClassifierError(`the model gave no score for ${name}`);
    }
    scores[name] = value;
  }
  return scores;
}

export function createPhotoClassifier(options: { maxQueue?: number; timeoutMs?: number } = {}): PhotoClassifier {
  const maxQueue = options.maxQueue ?? CLASSIFIER_MAX_QUEUE;
  const timeoutMs = options.timeoutMs ?? CLASSIFIER_TIMEOUT_MS;
  let worker: Worker | undefined;
  let ready: Promise<void> | undefined;
  let status: ClassifierStatus = { state: 'idle' };
  let nextId = 1;
  const pending = new Map<number, PendingJob>();

  function failAll(reason: string) {
    for (const [id, job] of pending) {
      clearTimeout(job.timer);
      pending.delete(id);
      job.reject(new ClassifierError(reason));
    }
  }

  function start(): Promise<void> {
    if (status.state === 'closed') return Promise.reject(new ClassifierError('the classifier is stopped'));
    if (ready) return ready;
    status = { state: 'loading' };
    ready = new Promise<void>((resolve, reject) => {
      let current: Worker;
      try {
        current = new Worker(workerUrl());
      } catch (error) {
        reject(error instanceof Error ? error : new ClassifierError(String(error)));
        return;
      }
      worker = current;
      // The worker never keeps the process alive: a server stops on its signal as before.
      current.unref();
      current.on('message', (message: WorkerMessage) => {
        if ('type' in message) {
          if (message.type === 'ready') {
            status = { state: 'ready', loadMs: message.loadMs, backend: message.backend };
            resolve();
          } else {
            status = { state: 'failed', error: `the model did not load: ${message.error}` };
            reject(new ClassifierError(status.error));
          }
          return;
        }
        const job = pending.get(message.id);
        if (!job) return; // Timed out meanwhile.
        pending.delete(message.id);
        clearTimeout(job.timer);
        if ('error' in message) job.reject(new ClassifierError(`the model failed: ${message.error}`));
        else {
          try {
            job.resolve(scoresOf(message.scores));
          } catch (error) {
            job.reject(error as Error);
          }
        }
      });
      const lost = (reason: string) => {
        if (worker !== current) return;
        worker = undefined;
        ready = undefined;
        if (status.state !== 'closed') status = { state: 'failed', error: reason };
        reject(new ClassifierError(reason));
        failAll(reason);
      };
      current.on('error', (error) => lost(`the classifier's worker crashed: ${error.message}`));
      current.on('exit', (code) => lost(`the classifier's worker exited with code ${code}`));
    });
    // A load that failed is tried again by the next photo.
    ready.catch(() => {
      ready = undefined;
      void worker?.terminate();
      worker = undefined;
    });
    return ready;
  }

  async function classify(image: Buffer): Promise<PhotoScores> {
    if (status.state === 'closed') throw new ClassifierError('the classifier is stopped');
    if (pending.size >= maxQueue) {
      throw new ClassifierError(`the classifier is busy (${pending.size} photos waiting)`);
    }
    const id = nextId++;
    return new Promise<PhotoScores>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new ClassifierError(`the classifier did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      const fail = (error: unknown) => {
        if (!pending.has(id)) return;
        pending.delete(id);
        clearTimeout(timer);
        reject(
          error instanceof ClassifierError
            ? error
            : new ClassifierError(`the photo could not be read: ${String(error)}`),
        );
      };
      void Promise.all([modelInputOf(image), start()]).then(([pixels]) => {
        if (!pending.has(id)) return;
        if (!worker) return fail(new ClassifierError('the classifier stopped'));
        worker.postMessage({ id, pixels }, [pixels.buffer as ArrayBuffer]);
      }, fail);
    });
  }

  async function close() {
    status = { state: 'closed' };
    failAll('the classifier is stopped');
    const current = worker;
    worker = undefined;
    ready = undefined;
    if (current) await current.terminate();
  }

  return { classify, start, status: () => status, close };
}

/** The verdict on one photo: held, with the classes at or above their threshold, or why it could not be classified. */
export interface PhotoScreening {
  held: boolean;
  scores: PhotoScores | null;
  /** The classes whose score reached their threshold. */
  flagged: PhotoClass[];
  /** Why the classifier gave no scores (then the photo is held). */
  failure: string | null;
}

/** Classifies a photo and weighs it against the thresholds; a failure holds the photo (never passes it silently). */
export async function screenPhoto(
  classifier: PhotoClassifier,
  image: Buffer,
  thresholds: Partial<Record<PhotoClass, number>>,
): Promise<PhotoScreening> {
  let scores: PhotoScores;
  try {
    scores = await classifier.classify(image);
  } catch (error) {
    const failure = error instanceof ClassifierError ? error.message : `the classifier failed: ${String(error)}`;
    return { held: true, scores: null, flagged: [], failure };
  }
  const flagged = PHOTO_CLASSES.filter((name) => {
    const threshold = thresholds[name];
    return threshold !== undefined && scores[name] >= threshold;
  });
  return { held: flagged.length > 0, scores, flagged, failure: null };
}

let shared: PhotoClassifier | undefined;
/**
 * The instance's one classifier: every app built in this process (the server, or the apps of a
 * test file) shares it, so the model is loaded once per process.
 */
export function sharedPhotoClassifier(): PhotoClassifier {
  shared ??= createPhotoClassifier();
  return shared;
}
