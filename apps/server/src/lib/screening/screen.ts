import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';
import type { ScreeningReason, ScreeningResult, ScreeningVerdict } from '@bid/contract';
import { excerptOf, normaliseText, type NormalisedText } from './normalise.js';
import {
  ALLOWED_PHRASES,
  KIND_CATEGORY,
  OBSCENITY_INSULTS,
  OBSCENITY_SEXUAL,
  OBSCENITY_SLURS,
  OBSCENITY_SUGGESTIVE,
  OBSCENITY_THREATS,
  PATTERN_RULES,
  type FindingKind,
} from './rules.js';

/**
 * The one screening service (issue 36, docs/trust-and-safety.md "Screening"): every text a member
 * writes that others read goes through `screenFields` before it is stored. Pure and synchronous:
 * no database, no network, a few tens of microseconds a message.
 */

/** Where the text will be shown: the same words weigh differently in a public listing and a chat. */
export type ScreeningSurface = 'listing' | 'profile' | 'message' | 'review';

export interface ScreeningContext {
  surface: ScreeningSurface;
  /**
   * True in the chat of a won auction (its host and its winner). Contact details are the point of
   * that chat: they agree where to meet. Everywhere else a date has not been won yet and contact
   * details are screened (docs/trust-and-safety.md "Screening").
   */
  dateWon?: boolean;
}

export interface Finding {
  kind: FindingKind;
  field: string;
  excerpt: string;
}

type Action = Exclude<ScreeningVerdict, 'allow'> | 'allow';

/**
 * What each kind of finding does where. Public text (listings, profiles, reviews) is refused when
 * it is clearly out of bounds and held for a moderator when it could be innocent. A chat asks the
 * sender first ("Are you sure?") and refuses only the worst: threats, slurs and money for
 * companionship or sex.
 */
const ACTIONS: Record<'public' | 'chat' | 'wonChat', Record<FindingKind, Action>> = {
  public: {
    solicitation: 'refuse',
    explicit: 'refuse',
    suggestive: 'hold',
    rate: 'allow',
    coded: 'hold',
    phone: 'refuse',
    email: 'refuse',
    link: 'refuse',
    handle: 'refuse',
    payment: 'refuse',
    threat: 'refuse',
    slur: 'refuse',
    insult: 'hold',
    profanity: 'hold',
  },
  chat: {
    solicitation: 'refuse',
    explicit: 'warn',
    suggestive: 'warn',
    rate: 'allow',
    coded: 'allow',
    phone: 'warn',
    email: 'warn',
    link: 'warn',
    handle: 'warn',
    payment: 'warn',
    threat: 'refuse',
    slur: 'refuse',
    insult: 'warn',
    profanity: 'allow',
  },
  wonChat: {
    solicitation: 'refuse',
    explicit: 'warn',
    suggestive: 'warn',
    rate: 'allow',
    coded: 'allow',
    phone: 'allow',
    email: 'allow',
    link: 'allow',
    handle: 'allow',
    // The date is paid through the app; a request to pay outside it is still worth a second thought.
    payment: 'warn',
    threat: 'refuse',
    slur: 'refuse',
    insult: 'warn',
    profanity: 'allow',
  },
};

const VERDICT_ORDER: ScreeningVerdict[] = ['allow', 'warn', 'hold', 'refuse'];

const obscenityMatcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/** A phone number: 7 to 15 digits written with spaces, dots, dashes or brackets between them. */
// Not inside a longer token: a uuid's or an order number's digits ("…-4901-8529-…") are not a phone.
const PHONE = /(?<![\p{L}\p{N}$_][-._]?)\+?\(?\d(?:[\s.\-()]{0,3}\d){6,14}(?![-._]?[\p{L}\p{N}])/gu;
const EMAIL_RULE = PATTERN_RULES.find((rule) => rule.kind === 'email')!;
const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
/** Letters that look like digits, between digits ("555-O134"). */
const DIGIT_LOOKALIKES: Record<string, string> = { o: '0', l: '1', i: '1', s: '5', b: '8', z: '2' };

function withoutSpaces(form: NormalisedText): NormalisedText {
  const out: NormalisedText = { text: '', origin: [] };
  [...form.text].forEach((ch, i) => {
    if (ch === ' ') return;
    out.text += ch;
    out.origin.push(form.origin[i]!);
  });
  return out;
}

/** Number words as digits, and look-alike letters between digits as digits; each keeps its origin. */
function digitForm(form: NormalisedText): NormalisedText {
  const out: NormalisedText = { text: '', origin: [] };
  const pattern =
    /(?<![a-z])(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)(?![a-z])|(?<=\d[\s.\-()]{0,3})[olisbz](?=[\s.\-()]{0,3}\d)/g;
  let last = 0;
  for (const match of form.text.matchAll(pattern)) {
    for (let i = last; i < match.index; i++) {
      out.text += form.text[i];
      out.origin.push(form.origin[i]!);
    }
    out.text += DIGIT_WORDS[match[0]] ?? DIGIT_LOOKALIKES[match[0]] ?? match[0];
    out.origin.push(form.origin[match.index]!);
    last = match.index + match[0].length;
  }
  for (let i = last; i < form.text.length; i++) {
    out.text += form.text[i];
    out.origin.push(form.origin[i]!);
  }
  return out;
}

function isPhoneNumber(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return false;
  // A range of years ("2025-2026") or a long price written with spaces is not a phone number.
  if (/^(?:19|20)\d\d\s?-\s?(?:19|20)\d\d$/.test(candidate.trim())) return false;
  return true;
}

interface Span {
  kind: FindingKind;
  start: number;
  end: number;
  form: NormalisedText;
}

function findSpans(folded: NormalisedText, wordsForm: NormalisedText): Span[] {
  const spans: Span[] = [];
  for (const rule of PATTERN_RULES) {
    const form = rule.form === 'folded' ? folded : wordsForm;
    for (const match of form.text.matchAll(rule.pattern)) {
      spans.push({ kind: rule.kind, start: match.index, end: match.index + match[0].length, form });
    }
  }
  // E-mail addresses spread out with spaces ("ann @ gmail . com").
  // (Only with an "@": the pattern is slow on a long run of letters with none.)
  const compact = folded.text.includes('@') ? withoutSpaces(folded) : { text: '', origin: [] };
  for (const match of compact.text.matchAll(EMAIL_RULE.pattern)) {
    spans.push({ kind: 'email', start: match.index, end: match.index + match[0].length, form: compact });
  }
  // Phone numbers, also with digits spelled out or imitated by letters ("five five five 0134", "555-O134").
  const digits = digitForm(folded);
  for (const match of digits.text.matchAll(PHONE)) {
    if (isPhoneNumber(match[0]))
      spans.push({ kind: 'phone', start: match.index, end: match.index + match[0].length, form: digits });
  }
  for (const match of obscenityMatcher.getAllMatches(wordsForm.text, true)) {
    const word = englishDataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord ?? '';
    const kind: FindingKind = OBSCENITY_SLURS.has(word)
      ? 'slur'
      : OBSCENITY_THREATS.has(word)
        ? 'threat'
        : OBSCENITY_SUGGESTIVE.has(word)
          ? 'suggestive'
          : OBSCENITY_SEXUAL.has(word)
            ? 'explicit'
            : OBSCENITY_INSULTS.has(word)
              ? 'profanity'
              : 'profanity';
    spans.push({ kind, start: match.startIndex, end: match.endIndex + 1, form: wordsForm });
  }
  return spans;
}

/** Spans of the allowed phrases, in the words form's coordinates of the original. */
function allowedRanges(wordsForm: NormalisedText): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const pattern of ALLOWED_PHRASES) {
    for (const match of wordsForm.text.matchAll(pattern)) {
      const start = wordsForm.origin[match.index] ?? 0;
      const end = wordsForm.origin[match.index + match[0].length - 1] ?? start;
      ranges.push([start, end]);
    }
  }
  return ranges;
}

/** Every finding in one text, each once, in the order it appears. */
export function findInText(text: string, field: string): Finding[] {
  const { folded, words: wordsForm } = normaliseText(text);
  const allowed = allowedRanges(wordsForm);
  const spans = findSpans(folded, wordsForm)
    .map((span) => ({
      kind: span.kind,
      from: span.form.origin[span.start] ?? 0,
      to: span.form.origin[Math.max(span.start, span.end - 1)] ?? 0,
      excerpt: excerptOf(text, span.form, span.start, span.end).trim(),
    }))
    .filter((span) => !allowed.some(([start, end]) => span.from >= start && span.to <= end))
    .sort((a, b) => a.from - b.from || b.to - a.to);
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const span of spans) {
    // Profanity inside an insult already found is the insult; keep one.
    const covered = spans.some(
      (other) =>
        other !== span &&
        KIND_CATEGORY[other.kind] === KIND_CATEGORY[span.kind] &&
        other.from <= span.from &&
        other.to >= span.to &&
        severityRank(other.kind) > severityRank(span.kind),
    );
    const key = `${span.kind}:${span.from}:${span.to}`;
    if (covered || seen.has(key) || span.excerpt === '') continue;
    seen.add(key);
    findings.push({ kind: span.kind, field, excerpt: span.excerpt });
  }
  return findings;
}

function severityRank(kind: FindingKind): number {
  return ACTIONS.public[kind] === 'refuse' ? 3 : kind === 'insult' ? 2 : 1;
}

/** The verdict for findings on a surface, and the reasons that led to it (the strongest first). */
export function decide(findings: Finding[], context: ScreeningContext): ScreeningResult {
  const table =
    context.surface === 'message' ? (context.dateWon === true ? ACTIONS.wonChat : ACTIONS.chat) : ACTIONS.public;
  // A price per hour next to anything sexual is the price of a person (docs/trust-and-safety.md "Screening").
  const hasOtherSexual = findings.some(
    (finding) => KIND_CATEGORY[finding.kind] === 'sexual' && finding.kind !== 'rate',
  );
  const weighed = findings.map((finding): Finding =>
    finding.kind === 'rate' && hasOtherSexual ? { ...finding, kind: 'solicitation' } : finding,
  );
  let verdict: ScreeningVerdict = 'allow';
  const acted = weighed.map((finding) => ({ finding, action: table[finding.kind] }));
  for (const { action } of acted) {
    if (VERDICT_ORDER.indexOf(action) > VERDICT_ORDER.indexOf(verdict)) verdict = action;
  }
  const reasons: ScreeningReason[] = acted
    .filter(({ action }) => action !== 'allow')
    .sort((a, b) => VERDICT_ORDER.indexOf(b.action) - VERDICT_ORDER.indexOf(a.action))
    .map(({ finding }) => ({ category: KIND_CATEGORY[finding.kind], field: finding.field, excerpt: finding.excerpt }));
  return { verdict, reasons };
}

/**
 * Screens the fields of one thing a member writes (a listing's title, description, payment notes
 * and location; a profile's names and bio; a message; a review). Empty and missing fields are
 * skipped. This is the function a new surface calls (reviews: `surface: 'review'`).
 */
export function screenFields(
  fields: Record<string, string | null | undefined>,
  context: ScreeningContext,
): ScreeningResult {
  const findings: Finding[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value.trim() !== '') findings.push(...findInText(value, field));
  }
  return decide(findings, context);
}

/** One text alone. */
export function screenText(text: string, field: string, context: ScreeningContext): ScreeningResult {
  return screenFields({ [field]: text }, context);
}
