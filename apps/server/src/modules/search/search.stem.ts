import { stem } from 'porter2';

/**
 * What PostgreSQL's `english` text search configuration makes of one query word, without a round
 * trip (decision 0034): the default parser calls a word of ASCII letters `asciiword` (→ the english
 * stop list, then the Snowball English stemmer — Porter2, which `porter2` implements; the tests
 * compare both with PostgreSQL on the seed vocabulary), digits alone `uint` and letters mixed with
 * digits `numword` (both → the `simple` dictionary: the word as it is). Words with other characters
 * (non-ASCII letters, marks) are left to PostgreSQL: null.
 */

/** PostgreSQL's share/tsearch_data/english.stop, which the `english_stem` dictionary uses. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were be ' +
    'been being have has had having do does did doing a an the and but if or because as until while of at by for with ' +
    'about against between into through during before after above below to from up down in out on off over under again ' +
    'further then once here there when where why how all any both each few more most other some such no nor not only own ' +
    'same so than too very s t can will just don should now'
  ).split(' '),
);

const ASCII_WORD = /^[a-z]+$/;
const ASCII_ALNUM = /^[a-z0-9]+$/;
// Digits, 'e', digits is scientific notation to the parser ('1e10x' → '1e10' <-> 'x'): not one lexeme.
const SCIENTIFIC = /\de\d/;

/**
 * Words where Snowball's English stemmer changed between releases ('added' is 'ad' in Porter2 and
 * PostgreSQL ≤ 17, 'add' in the Snowball 3 of PostgreSQL 18 / PGlite). The index checks the database
 * on these and on its lexicon before trusting `porter2` (decision 0034).
 */
export const STEMMER_PROBES = [
  'added',
  'adding',
  'proceed',
  'exceed',
  'succeed',
  'news',
  'skies',
  'dying',
  'lying',
  'tying',
  'generously',
  'communism',
  'cosmos',
  'bias',
  'andes',
  'howe',
  'atlas',
  'early',
  'only',
  'singly',
  'sky',
  'ugly',
  'gently',
  'inning',
  'outing',
  'canning',
  'herring',
  'earring',
];

/** Whether `englishLexeme` may be asked about `word` (plain ASCII letters: the stemmed kind). */
export const isStemmedWord = (word: string): boolean => ASCII_WORD.test(word);

/**
 * The english lexeme of a lowercase query word: its stem, '' for a stop word (PostgreSQL drops it),
 * or null when the word is not plain ASCII letters and digits (ask PostgreSQL instead).
 */
export function englishLexeme(word: string): string | null {
  if (ASCII_WORD.test(word)) return ENGLISH_STOP_WORDS.has(word) ? '' : stem(word);
  if (ASCII_ALNUM.test(word) && !SCIENTIFIC.test(word)) return word;
  return null;
}

/** The simple configuration's lexeme: the lowercase word itself (for the same words `englishLexeme` accepts). */
export function simpleLexeme(word: string): string | null {
  return ASCII_ALNUM.test(word) && !SCIENTIFIC.test(word) ? word : null;
}
