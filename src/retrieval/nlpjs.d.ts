// Types for the one part of nlp.js this project uses: its Snowball English stemmer (generated
// from the Snowball sources, the algorithm PostgreSQL's english_stem runs).
declare module '@nlpjs/lang-en-min' {
  export class StemmerEn {
    stemWord(word: string): string
  }
}
