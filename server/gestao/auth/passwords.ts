/**
 * Staff passwords: argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane), and a policy that
 * refuses short or guessable ones (NIST SP 800-63B: length over composition rules, and a check
 * against lists of passwords known to be common). zxcvbn-ts does the guessing estimate.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { randomBytes } from 'node:crypto';

export const MIN_PASSWORD_LENGTH = 15;
/** Longer passwords are refused before hashing, so that nobody makes the server hash megabytes. */
export const MAX_PASSWORD_LENGTH = 256;

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

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, useLevenshteinDistance: true });

/** Words that make a password guessable here in particular. */
const SITE_WORDS = ['festa', 'cinema', 'italiano', 'festadocinemaitaliano', 'gestao', 'lisboa', 'filme'];

export const PASSWORD_TOO_SHORT = `A palavra-passe tem de ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`;
export const PASSWORD_TOO_LONG = `A palavra-passe pode ter no máximo ${MAX_PASSWORD_LENGTH} caracteres.`;
export const PASSWORD_TOO_COMMON =
  'Esta palavra-passe é demasiado comum ou fácil de adivinhar. Escolha outra, por exemplo uma frase de várias palavras que só a pessoa conheça.';

/**
 * What is wrong with a new password, in pt-PT, or null when it may be used. `userInputs` are words
 * an attacker would try first for this account (its email).
 */
export function passwordProblem(password: string, userInputs: string[] = []): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_TOO_LONG;
  const inputs = [...SITE_WORDS, ...userInputs.flatMap((input) => [input, ...input.split(/[@.+_-]/)])].filter(Boolean);
  const result = zxcvbn.check(password, inputs);
  // A common password padded to length still scores low; one that is, as a whole, a listed
  // password (or within a few edits of one) is refused whatever its score.
  const wholeIsListed = result.sequence.some((match) => match.pattern === 'dictionary' && match.i === 0 && match.j === password.length - 1);
  return result.score < 3 || wholeIsListed ? PASSWORD_TOO_COMMON : null;
}
