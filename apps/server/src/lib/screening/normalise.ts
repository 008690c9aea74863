/**
 * The normaliser of screening (docs/trust-and-safety.md "Screening"). Rules match the text a
 * reader perceives, not the bytes a writer typed: compatibility forms (NFKC: full-width letters,
 * ligatures, circled and mathematical letters), accents, case, look-alike letters from other
 * scripts, zero-width characters, letters spread out with spaces or dots ("s e x", "f.u.c.k") and
 * digits standing in for letters inside a word ("s3x", "h00ker").
 *
 * Every character of a normalised form remembers the index of the character it came from, so a
 * match is reported as the words the member actually wrote (`excerpt`), which the moderation
 * queue highlights.
 */

export interface NormalisedText {
  /** What rules match against. */
  text: string;
  /** `origin[i]` is the index in the original of the character that produced `text[i]`. */
  origin: number[];
}

/** Characters that render as nothing, or that a writer slips between letters to dodge a match. */
const INVISIBLE_RANGES: Array<[number, number]> = [
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xe0000, 0xe007f],
];
const isInvisible = (codePoint: string) => {
  const code = codePoint.codePointAt(0) ?? 0;
  return INVISIBLE_RANGES.some(([from, to]) => code >= from && code <= to);
};

/** Look-alike letters of other scripts that NFKC keeps apart from Latin (Cyrillic, Greek). */
const CONFUSABLES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  ɑ: 'a',
  ı: 'i',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  '\u2018': "'",
  '\u2019': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u02BC': "'",
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
};

/** Digits and signs used for letters; applied only inside a word that has a letter ("s3x", not "$25"). */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

function pushChars(out: NormalisedText, chars: string, origin: number): void {
  for (const ch of chars) {
    out.text += ch;
    out.origin.push(origin);
  }
}

const folded = new Map<string, string>();

/** One non-ASCII character folded (cached: a text uses few distinct ones). */
function foldCodePoint(codePoint: string): string {
  const cached = folded.get(codePoint);
  if (cached !== undefined) return cached;
  let result = '';
  if (!isInvisible(codePoint)) {
    // NFKD then dropping the combining marks is NFKC plus accent removal ("é" → "e", "ｓｅｘ" → "sex").
    for (const ch of codePoint.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()) {
      const mapped = CONFUSABLES[ch] ?? ch;
      // Every kind of space and line break reads as one space.
      result += /\s/u.test(mapped) ? ' ' : mapped;
    }
  }
  if (folded.size < 10_000) folded.set(codePoint, result);
  return result;
}

/**
 * Step one: compatibility folding, accents, case, look-alikes and invisible characters. Digits,
 * punctuation and spacing stay, so phone numbers, e-mail addresses and links can be read here.
 */
export function foldText(input: string): NormalisedText {
  const out: NormalisedText = { text: '', origin: [] };
  let index = 0;
  for (const codePoint of input) {
    const at = index;
    index += codePoint.length;
    const code = codePoint.charCodeAt(0);
    // Plain ASCII (nearly every character) needs only its case folded.
    if (code < 0x80) {
      out.text +=
        code === 0x09 || code === 0x0a || code === 0x0d
          ? ' '
          : code >= 0x41 && code <= 0x5a
            ? String.fromCharCode(code + 32)
            : codePoint;
      out.origin.push(at);
      continue;
    }
    pushChars(out, foldCodePoint(codePoint), at);
  }
  return out;
}

/**
 * Step two, for word rules: digits and signs inside a word become the letters they imitate, and
 * single letters spread out with spaces, dots, dashes or underscores are joined ("s e x",
 * "f.u.c.k", "g_f_e"). Three or more such letters in a row are joined; "a b" is left alone.
 */
export function wordForm(folded: NormalisedText): NormalisedText {
  const { text, origin } = folded;
  // 1. Leet inside tokens that contain a letter.
  const leet: NormalisedText = { text: '', origin: [] };
  const tokenPattern = /[^\s]+|\s+/gu;
  for (const match of text.matchAll(tokenPattern)) {
    const token = match[0];
    const start = match.index;
    const mayHaveLeet = /[013457@$!]/.test(token) && /\p{L}/u.test(token);
    if (!mayHaveLeet) {
      leet.text += token;
      for (let i = 0; i < token.length; i++) leet.origin.push(origin[start + i]!);
      continue;
    }
    // Signs at a token's edges are punctuation ("stuff!", "$25"), not letters.
    const core = /^([^\p{L}\p{N}$@!]*)(.*?)([^\p{L}\p{N}]*)$/u.exec(token);
    let offset = 0;
    for (const ch of token) {
      const inCore = core !== null && offset >= core[1]!.length && offset < token.length - core[3]!.length;
      leet.text += inCore ? (LEET[ch] ?? ch) : ch;
      for (let i = 0; i < ch.length; i++) leet.origin.push(origin[start + offset + i]!);
      offset += ch.length;
    }
  }
  // 2. Join spread-out single letters: a run of ≥3 letters each separated by one separator.
  const out: NormalisedText = { text: '', origin: [] };
  const spread = /(?<![\p{L}\p{N}])\p{L}(?:[ ._\-*]\p{L}(?![\p{L}\p{N}])){2,}/gu;
  let last = 0;
  for (const match of leet.text.matchAll(spread)) {
    for (let i = last; i < match.index; i++) {
      out.text += leet.text[i];
      out.origin.push(leet.origin[i]!);
    }
    for (let i = match.index; i < match.index + match[0].length; i += 2) {
      out.text += leet.text[i];
      out.origin.push(leet.origin[i]!);
    }
    last = match.index + match[0].length;
  }
  for (let i = last; i < leet.text.length; i++) {
    out.text += leet.text[i];
    out.origin.push(leet.origin[i]!);
  }
  return out;
}

export function normaliseText(input: string): { folded: NormalisedText; words: NormalisedText } {
  const folded = foldText(input);
  return { folded, words: wordForm(folded) };
}

/** The words of the original that produced `form.text[start, end)`. */
export function excerptOf(original: string, form: NormalisedText, start: number, end: number): string {
  const from = form.origin[start] ?? 0;
  const lastOrigin = form.origin[Math.max(start, end - 1)] ?? from;
  const lastChar = String.fromCodePoint(original.codePointAt(lastOrigin) ?? 0);
  return original.slice(from, lastOrigin + lastChar.length);
}
