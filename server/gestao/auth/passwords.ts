/**
 * Staff passwords: argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane), and the rule a new
 * one must pass (ASVS 5.0 6.2: at least 15 characters, up to 256, any characters, no composition
 * rules; refused when breached, common, built from the site's own words, or mostly made of the
 * guessable families of guessable-words.ts and keyboard walks), which says in pt-PT why a password
 * is refused and what would pass.
 *
 * The rule runs on the server only (password-lists.ts holds megabytes of lists): the forms check
 * the length as the person types and show the server's reason under the field.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { ZxcvbnResult } from '@zxcvbn-ts/core';
import { randomBytes, randomInt } from 'node:crypto';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from '../../../src/common/gestao/password-schemas';
import { GUESSABLE_FAMILIES, type GuessableFamily } from './guessable-words';
import {
  BREACHED_DICTIONARY,
  estimate,
  guessableFamilyOf,
  isCommonPassword,
  isListedPassword,
  isTopPassword,
  keyboardGraphs,
} from './password-lists';
import { fold, type PasswordWords } from './site-words';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT };

// Algorithm is a const enum, which this project's module settings cannot read at run time: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;
const ARGON2 = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** Whether `password` is the one `passwordHash` was made from (false for a malformed hash). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash of no one's password, verified when the email is unknown so that the answer takes as
 * long as a wrong password does and timing does not tell which addresses have accounts.
 */
export function hashOfNoOne(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

/**
 * zxcvbn's guesses (log10) a password must need. 10^12 guesses of an argon2id hash at 19 MiB keep a
 * stolen copy of the table safe for years; four words from a dictionary of a few thousand reach it,
 * and a known password with digits and a symbol added (10^8) does not.
 */
export const MIN_GUESSES_LOG10 = 12;

export const PASSWORD_REASONS = {
  breached: 'Esta palavra-passe aparece em listas de palavras-passe divulgadas.',
  'breached-variant':
    'É uma palavra-passe divulgada com poucas mudanças (maiúsculas, algarismos ou símbolos acrescentados, letras trocadas por números): é das primeiras que se tentam.',
  personal: 'Contém o seu nome ou o seu e-mail.',
  'site-year': 'Contém o nome do festival, de uma cidade ou da gestão e um ano ou a edição: fácil de adivinhar.',
  site: 'É feita sobretudo do nome do festival, de uma cidade ou da gestão: fácil de adivinhar.',
  keyboard: 'Segue as teclas do teclado (como qwerty ou 1q2w3e): é das primeiras que se tentam.',
  pattern: 'Repete caracteres ou segue uma sequência (como aaaa, 1234 ou abcd): fácil de adivinhar.',
  guessable: 'É feita de palavras comuns, nomes, datas ou algarismos previsíveis: fácil de adivinhar.',
} as const;

/** Why a password is refused: its length, or one of PASSWORD_REASONS. */
type WeakReason = keyof typeof PASSWORD_REASONS;
export type PasswordReason = 'short' | 'long' | WeakReason;

export interface PasswordRefusal {
  reason: PasswordReason;
  /** The reason and what would pass, in pt-PT. */
  message: string;
}

/**
 * Words for the illustration of a passphrase: common, concrete, unrelated, without accents (typed
 * alike on any keyboard). Four different ones drawn at random are one of 900 million examples, so
 * none becomes the password everyone copies.
 */
const EXAMPLE_WORDS = (
  'abelha agulha alface almofada ameixa ancora anel aranha armario arvore avental azeitona balde baleia banco bandeira barco ' +
  'batata bengala bicicleta bigode biscoito boneca borracha botao bule burro cabra cadeira caderno caixa camelo caneca caneta ' +
  'canguru capacete caracol carimbo carteira castanha cebola cenoura chaleira chapeu chave chinelo chocalho cinto coelho ' +
  'cogumelo colher comboio concha copo corda coruja cotovelo cravo dedal degrau elefante envelope escada escova esquilo ' +
  'estrela faca farol feijao ferradura figo fivela flauta foguete folha formiga fronha funil gaivota galinha garfo garrafa ' +
  'gaveta gelado girafa girassol golfinho gorro guarda grilo guitarra igreja janela jarro joaninha joelho lagarto lampada ' +
  'lanterna lapis laranja lebre leque limao livro lobo lontra lua macaco machado madeira maleta manta mapa martelo ' +
  'medalha mel melancia mochila moinho morango mosca navio ninho novelo ovelha pandeiro papagaio parafuso pato pente pepino ' +
  'pera peixe pincel pinguim pipoca pirata polvo ponte porco prego pulseira quadro queijo raposa regador relogio remo ' +
  'rolha sapato sardinha selo serrote sino sofa tambor tartaruga tesoura tigre tijolo tomate torrada trevo trombone ' +
  'tubarao urso vassoura vela veleiro violino vulcao xadrez zebra'
).split(' ');

/** Four words drawn at random that pass the rule themselves: an illustration, never the same one. */
export function examplePassphrase(): string {
  for (let attempt = 0; ; attempt++) {
    const words = new Set<string>();
    while (words.size < 4) words.add(EXAMPLE_WORDS[randomInt(EXAMPLE_WORDS.length)] ?? 'trevo');
    const example = [...words].join(' ');
    if (attempt >= 4 || estimate(example, []).guessesLog10 >= MIN_GUESSES_LOG10) return example;
  }
}

/** What would pass, with a fresh example each time. */
export function passwordAdvice(): string {
  return `Use uma frase de quatro ou mais palavras sem relação entre si, inventada por si, como «${examplePassphrase()}» (só um exemplo: não o use).`;
}

/** Digits and symbols read as the letters they stand for (p@ssw0rd, F3st4). */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '2': 'z',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '6': 'g',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '€': 'e',
  '!': 'i',
  '|': 'i',
  '+': 't',
};
const unleet = (text: string) => [...text].map((char) => LEET[char] ?? char).join('');

/** `text` without every word of `words` found in it (longest first), and which were. */
function without(text: string, words: readonly string[]): { rest: string; found: string[] } {
  let rest = text;
  const found: string[] = [];
  for (const word of [...words].sort((a, b) => b.length - a.length)) {
    if (rest.includes(word)) {
      found.push(word);
      rest = rest.split(word).join(' ');
    }
  }
  return { rest, found };
}

const YEAR = /(?:19|20)\d\d/;
const YEARS = new RegExp(YEAR.source, 'g');

/** Whether the password has a year, or the edition's number or year as the database has them. */
const withNumber = (password: string, words: PasswordWords) =>
  YEAR.test(password) || words.numbers.some((n) => n.length >= 2 && password.includes(n));

/**
 * Whether the password is mostly the person's or the site's words: once they are taken out (as
 * typed, and with digits read as letters), what is left is too easy to guess by itself. A long
 * sentence that happens to name a city still passes.
 */
function ownWordsProblem(password: string, words: PasswordWords, userInputs: string[]): WeakReason | null {
  const site = words.site.map(fold);
  // An address at the festival's own domain names the festival, not the person.
  const personal = words.personal.map(fold).filter((word) => !site.includes(word));
  const folded = fold(password);
  for (const form of [folded, unleet(folded)]) {
    const mine = without(form, personal);
    const ours = without(mine.rest, site);
    if (mine.found.length === 0 && ours.found.length === 0) continue;
    const rest = ours.rest.trim();
    if (rest !== '' && estimate(rest, userInputs).guessesLog10 >= MIN_GUESSES_LOG10) continue;
    if (mine.found.length > 0) return 'personal';
    return withNumber(password, words) ? 'site-year' : 'site';
  }
  return null;
}

/** Letters and digits only: "La-Dolce_Vita", "la dolce vita" and "ladolcevita" are one. */
const squash = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '');

/** Each of `words` as written, without its separators, and with digits read as letters. */
function spellings(words: readonly string[]): string[] {
  return [...new Set(words.flatMap((word) => [word, squash(word), unleet(word), squash(unleet(word))]))].filter(
    (word) => word.trim() !== '',
  );
}

let familySpellings: Map<string, GuessableFamily> | undefined;
/** Every spelling of the words of guessable-words.ts, with its family (the first that has it). */
function guessableSpellings(): Map<string, GuessableFamily> {
  if (familySpellings) return familySpellings;
  familySpellings = new Map();
  for (const [family, { words }] of Object.entries(GUESSABLE_FAMILIES) as [GuessableFamily, { words: readonly string[] }][]) {
    for (const word of spellings(words)) if (!familySpellings.has(word)) familySpellings.set(word, family);
  }
  return familySpellings;
}

/** A straight run of at least this many keys (qwer, 1qaz, !QAZ) is a keyboard walk. */
const MIN_WALK = 4;

let qwertyKeys: Map<string, string[]> | undefined;
/**
 * Each character of a QWERTY keyboard, shifted or not, with the characters of the keys around it,
 * one string per direction (left, up left, up right, right, down right, down left: zxcvbn-ts's graph).
 */
function keysAround(): Map<string, string[]> {
  qwertyKeys ??= new Map(Object.entries(keyboardGraphs().qwerty).map(([char, around]) => [char, around.map((key) => key ?? '')]));
  return qwertyKeys;
}

/** Which way `next` lies from `char` on the keyboard, or -1 when it is not next to it. */
function direction(char: string | undefined, next: string | undefined): number {
  if (char === undefined || next === undefined) return -1;
  return (
    keysAround()
      .get(char)
      ?.findIndex((key) => key.includes(next)) ?? -1
  );
}

/**
 * `text` without its keyboard walks: runs of keys each next to the one before in the same
 * direction, along a row, a column or a diagonal, shifted or not ("qwer", "1qaz", "!QAZ", "zxcv",
 * "poiu"). A random string rarely has one; "!QAZ2wsx#EDC4rfv" is four.
 */
function withoutWalks(text: string): string {
  const chars = [...text];
  let rest = '';
  let start = 0;
  while (start < chars.length) {
    const way = direction(chars[start], chars[start + 1]);
    let end = start + 1;
    while (way >= 0 && end < chars.length && direction(chars[end - 1], chars[end]) === way) end++;
    rest += end - start >= MIN_WALK ? ' ' : (chars[start] ?? '');
    start = end - start >= MIN_WALK ? end : start + 1;
  }
  return rest;
}

/** How many letters and digits `text` has. */
const letters = (text: string) => squash(text).length;

/** Which family names the reason when two make up as much of a password (the one making up most does). */
const FAMILY_ORDER: readonly (GuessableFamily | 'keyboard')[] = [
  'famous-passphrases',
  'password-words',
  'football-clubs',
  'keyboard',
  'italian-cinema',
];

/**
 * Whether the password is mostly guessable words (guessable-words.ts: "password" in Portuguese and
 * Italian, clubs, famous passphrases, Italian cinema) and keyboard walks, with the person's and the
 * site's words: once they are all taken out (as typed, without separators, and with digits read as
 * letters), what is left is too easy to guess by itself. "Benfica1904Benfica!", "!QAZ2wsx#EDC4rfv",
 * "Palavra-Passe-2026" or "fellini mastroianni dolce vita"; a long sentence that names a film among
 * other words still passes.
 */
function guessableWordsProblem(password: string, words: PasswordWords, userInputs: string[]): WeakReason | null {
  const siteWords = words.site.map(fold);
  const site = spellings(siteWords);
  const personal = spellings(words.personal.map(fold).filter((word) => !siteWords.includes(word)));
  const families = guessableSpellings();
  const known = [...families.keys()];
  const folded = fold(password);
  // Digits read as letters would break walks ("1qaz") and years, so walks are looked for as typed
  // only, and years are taken out before digits are read as letters ("S3nh4-2026").
  const undated = folded.replace(YEARS, ' ');
  const forms: [string, boolean][] = [
    [folded, true],
    [squash(folded), true],
    [unleet(undated), false],
    [squash(unleet(undated)), false],
  ];
  const seen = new Set<string>();
  for (const [form, walksToo] of forms) {
    if (seen.has(`${form}${walksToo}`)) continue;
    seen.add(`${form}${walksToo}`);
    const mine = without(form, personal);
    const ours = without(mine.rest, site);
    const theirs = without(ours.rest, known);
    const walked = walksToo ? withoutWalks(theirs.rest) : theirs.rest;
    const walks = letters(theirs.rest) - letters(walked);
    if (theirs.found.length === 0 && walks === 0) continue;
    // Mostly: half of the letters and digits or more are such words, walks or years.
    if (letters(walked.replace(YEARS, ' ')) * 2 > letters(form)) continue;
    const rest = walked.trim();
    if (rest !== '' && estimate(rest, userInputs).guessesLog10 >= MIN_GUESSES_LOG10) continue;
    if (mine.found.length > 0) return 'personal';
    if (ours.found.length > 0) return withNumber(password, words) ? 'site-year' : 'site';
    // The family that makes up most of the password names the reason.
    const share = new Map<GuessableFamily | 'keyboard', number>([['keyboard', walks]]);
    for (const word of theirs.found) {
      const family = families.get(word);
      if (family) share.set(family, (share.get(family) ?? 0) + letters(word));
    }
    const most = Math.max(...share.values());
    const family = FAMILY_ORDER.find((name) => share.get(name) === most) ?? 'italian-cinema';
    return family === 'keyboard' ? 'keyboard' : GUESSABLE_FAMILIES[family].reason;
  }
  return null;
}

/**
 * A listed password with its letters made capital, some swapped for digits, digits or symbols added
 * around it: "P@ssw0rd1234567!", "Welcome12345678!".
 */
function isListedVariant(password: string): boolean {
  const core = unleet(fold(password).replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''));
  return [...core].length >= 4 && (isCommonPassword(core) || isTopPassword(core));
}

/** Names the weakness zxcvbn found: the parts that cost an attacker least. */
function estimateProblem(result: ZxcvbnResult, words: PasswordWords): WeakReason {
  if (/^(.+?)\1+$/u.test(fold(result.password))) return 'pattern';
  const site = new Set(words.site.map(fold));
  const personal = new Set(words.personal.map(fold).filter((word) => !site.has(word)));
  let reason: WeakReason = 'guessable';
  for (const match of result.sequence) {
    const token = fold(match.token);
    const dictionary: unknown = match.pattern === 'dictionary' ? match.dictionaryName : undefined;
    const family = typeof dictionary === 'string' ? guessableFamilyOf(dictionary) : undefined;
    if (match.pattern === 'dictionary' && match.dictionaryName === 'userInputs') {
      if (personal.has(token) || personal.has(unleet(token))) return 'personal';
      // A year or the edition's number alone is no site word: "Novembro2026!!!!" is a month and a year.
      if (site.has(token) || site.has(unleet(token))) reason = YEAR.test(result.password) ? 'site-year' : 'site';
    } else if (
      reason === 'guessable' &&
      match.pattern === 'dictionary' &&
      match.dictionaryName === BREACHED_DICTIONARY &&
      token.length >= 4
    ) {
      reason = 'breached-variant';
    } else if (reason === 'guessable' && family) {
      // "password" in Portuguese or Italian, a club, a famous passphrase, Italian cinema (guessable-words.ts).
      reason = GUESSABLE_FAMILIES[family].reason;
    } else if (reason === 'guessable' && match.pattern === 'spatial') {
      reason = 'keyboard';
    } else if (
      reason === 'guessable' &&
      (match.pattern === 'repeat' || match.pattern === 'sequence') &&
      2 * token.length >= result.password.length
    ) {
      reason = 'pattern';
    }
  }
  return reason;
}

/** Why `password` may not be a new password for the person `words` describe, or null when it may. */
export function passwordRefusal(password: string, words: PasswordWords = { personal: [], site: [], numbers: [] }): PasswordRefusal | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return { reason: 'short', message: PASSWORD_TOO_SHORT };
  if (password.length > MAX_PASSWORD_LENGTH) return { reason: 'long', message: PASSWORD_TOO_LONG };
  const reason = reasonOf(password, words);
  return reason === null ? null : { reason, message: `${PASSWORD_REASONS[reason]} ${passwordAdvice()}` };
}

/** A famous passphrase as it is published, capitals and spaces aside: in every breach list ("Correct Horse Battery Staple"). */
function isFamousPassphrase(password: string): boolean {
  const typed = squash(fold(password));
  return GUESSABLE_FAMILIES['famous-passphrases'].words.some((phrase) => squash(phrase) === typed);
}

function reasonOf(password: string, words: PasswordWords): WeakReason | null {
  if (isListedPassword(password) || isFamousPassphrase(password)) return 'breached';
  const userInputs = [...words.personal, ...words.site, ...words.numbers];
  const own = ownWordsProblem(password, words, userInputs);
  if (own) return own;
  const result = estimate(password, userInputs);
  if (result.guessesLog10 >= MIN_GUESSES_LOG10) return guessableWordsProblem(password, words, userInputs);
  if (isListedVariant(password)) return 'breached-variant';
  return estimateProblem(result, words);
}

/** The pt-PT refusal of a new password, or null when it may be used. */
export function passwordProblem(password: string, words?: PasswordWords): string | null {
  return passwordRefusal(password, words)?.message ?? null;
}
