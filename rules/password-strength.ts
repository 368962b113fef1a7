import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// zxcvbn's estimate over its common-passwords list, keyboard layouts and patterns. Heavy (its word
// lists): the web app imports this module lazily, only where a new password is chosen.
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** zxcvbn's score of `password`, 0 (guessed at once) to 4 (very unlikely to be guessed). */
export const passwordScore = (password: string): number => zxcvbn.check(password).score;
