// Tokeniser for the GloVe embedder. The converter uses it too, to keep only vocabulary entries a
// text can ever produce (GloVe also has "n't", "e-mail", punctuation, which this never emits).

const possessive = /['’]s\b/g
const marks = /\p{M}+/gu
const separators = /[^\p{L}\p{N}]+/u

/**
 * Lower-cases, folds accents (the package's vocabulary is ASCII, so "Café" must become "cafe"),
 * drops a possessive "'s" (otherwise a stray "s" token joins every "company's"), then splits on
 * anything that is not a letter or a digit.
 */
export function tokenize(text: string): string[] {
  const folded = text.toLowerCase().normalize('NFKD').replace(marks, '').replace(possessive, '')
  return folded.split(separators).filter((token) => token.length > 0)
}

/** True when tokenize(word) is exactly [word]: the word can be looked up as a token. */
export function isToken(word: string): boolean {
  const tokens = tokenize(word)
  return tokens.length === 1 && tokens[0] === word
}
