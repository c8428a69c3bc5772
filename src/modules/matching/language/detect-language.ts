import { isLanguageCode } from '../query/language-codes.js';
import { detectionText } from './detection-text.js';

/** An item's language as an ISO 639-1 code, or null when the text cannot tell. */
export type DetectLanguage = (text: string) => string | null;

/** What the detector needs of an eld instance (eld's own type is not exported). */
export interface LanguageModel {
  detect(text: string): { language: string; isReliable(): boolean };
}

/**
 * Letters in a script written without spaces each count as a word; elsewhere a word is a run of
 * letters. A single word is usually a name, a brand or an interjection many languages share
 * ("ok", "lol", "AutoModerator"), which eld still answers, often confidently and wrongly.
 */
const WORD =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]|[\p{L}\p{M}]+/gu;
const MIN_WORDS = 2;

function hasEnoughWords(text: string): boolean {
  WORD.lastIndex = 0;
  for (let words = 0; words < MIN_WORDS; words++) if (!WORD.test(text)) return false;
  return true;
}

export function languageDetector(model: LanguageModel): DetectLanguage {
  return (text) => {
    const prose = detectionText(text);
    if (!hasEnoughWords(prose)) return null;
    const result = model.detect(prose);
    return result.isReliable() && isLanguageCode(result.language) ? result.language : null;
  };
}

let loading: Promise<DetectLanguage> | undefined;

/**
 * The detector, loading eld's large model on the first call only (about 3 s of CPU and 140 MB of
 * heap, see docs/matching.md), so a process without a `lang:` query never pays for it.
 */
export function loadLanguageDetector(): Promise<DetectLanguage> {
  loading ??= import('eld/large').then(
    ({ eld }) => languageDetector(eld),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
