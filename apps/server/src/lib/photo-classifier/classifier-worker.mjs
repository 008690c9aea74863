// The photo classifier's worker thread (docs/trust-and-safety.md "Screening"): loads nsfwjs's
// MobileNetV2, whose weights ship inside the npm package, on TensorFlow.js's WebAssembly backend
// (its .wasm files ship in @tensorflow/tfjs-backend-wasm), once, then answers one message per
// photo. Plain JavaScript so the same file runs under tsx/vitest and beside the bundled server
// (apps/server/build.mjs copies it next to dist/main.js).
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

/** The model's input: a 224x224 RGB picture. */
const INPUT_SIZE = 224;

async function loadModel() {
  const started = performance.now();
  // The same TensorFlow.js nsfwjs imports (its peer dependency), so the backend set here is its.
  const tf = await import('@tensorflow/tfjs');
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  // The .wasm files sit in the package's dist folder; found from wherever node_modules is.
  const require = createRequire(import.meta.url);
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  wasm.setWasmPaths(`${wasmDir}${path.sep}`);
  await tf.setBackend('wasm');
  await tf.ready();
  tf.enableProdMode();
  const { load } = await import('nsfwjs/core');
  const { MobileNetV2Model } = await import('nsfwjs/models/mobilenet_v2');
  // nsfwjs announces the model it loads on console.info: not a line for the server's log.
  const info = console.info;
  console.info = () => {};
  let model;
  try {
    model = await load('MobileNetV2', { modelDefinitions: [MobileNetV2Model] });
  } finally {
    console.info = info;
  }
  return { tf, model, loadMs: Math.round(performance.now() - started) };
}

const port = parentPort;
if (!port) throw new Error('classifier-worker.mjs runs only as a worker thread');

let loaded;
try {
  loaded = await loadModel();
  port.postMessage({ type: 'ready', loadMs: loaded.loadMs, backend: loaded.tf.getBackend() });
} catch (error) {
  port.postMessage({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
}

port.on('message', async (message) => {
  const { id, pixels } = message;
  if (!loaded) {
    port.postMessage({ id, error: 'the model is not loaded' });
    return;
  }
  const { tf, model } = loaded;
  try {
    if (!(pixels instanceof Uint8Array) || pixels.length !== INPUT_SIZE * INPUT_SIZE * 3) {
      throw new Error(`expected ${INPUT_SIZE}x${INPUT_SIZE} RGB pixels`);
    }
    const input = tf.tensor3d(pixels, [INPUT_SIZE, INPUT_SIZE, 3], 'int32');
    let predictions;
    try {
      predictions = await model.classify(input, 5);
    } finally {
      input.dispose();
    }
    const scores = Object.fromEntries(predictions.map((p) => [p.className, p.probability]));
    port.postMessage({ id, scores });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
