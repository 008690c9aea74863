import { evaluateCorpus } from '../lib/screening/evaluate.js';
import { screenText } from '../lib/screening/screen.js';

/**
 * `npm run screening:eval`: precision and recall of screening per category on the labelled corpus,
 * the texts it gets wrong, and the time one message takes (docs/trust-and-safety.md "Screening").
 */
const evaluation = evaluateCorpus();
console.log(`Screening corpus: ${evaluation.size} texts`);
console.log('category     precision  recall  (tp / fp / fn)');
for (const figure of evaluation.figures) {
  console.log(
    `${figure.category.padEnd(12)} ${figure.precision.toFixed(3).padStart(9)}  ${figure.recall.toFixed(3).padStart(6)}  (${figure.truePositives} / ${figure.falsePositives} / ${figure.falseNegatives})`,
  );
}
for (const mistake of evaluation.mistakes) {
  console.log(
    `  wrong: [${mistake.category}, ${mistake.expect}, ${mistake.surface}] ${JSON.stringify(mistake.text)} → ${mistake.verdict} ${mistake.found.join(',')}`,
  );
}

// The hot path is a chat message: time a typical one, many times, after a warm-up.
const message = 'Great, see you at 7:30 by the fountain! I will be in a blue jacket, can not wait for the comedy show.';
for (let i = 0; i < 500; i++) screenText(message, 'content', { surface: 'message' });
const rounds = 5000;
const started = performance.now();
for (let i = 0; i < rounds; i++) screenText(message, 'content', { surface: 'message' });
const perMessage = ((performance.now() - started) * 1000) / rounds;
console.log(
  `Time per message (${message.length} characters, ${rounds} runs): ${perMessage.toFixed(1)} µs; whole corpus, first pass: ${evaluation.microsecondsPerText.toFixed(1)} µs a text`,
);
const failing = evaluation.figures.filter((figure) => figure.precision < 0.95 || figure.recall < 0.9);
if (failing.length > 0) {
  console.log(`Below 0.95 precision or 0.90 recall: ${failing.map((figure) => figure.category).join(', ')}`);
  process.exitCode = 1;
}
