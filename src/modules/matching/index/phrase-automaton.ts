import { isWhitespaceCode } from '../text/character-classes.js';

const SPACE = 32;

/**
 * Aho–Corasick over a fixed set of folded phrases (symbols and single spaces, or a query's
 * literal): one pass over a text finds every phrase that occurs in it, however many phrases there
 * are, ASCII letters compared in lower case. A whitespace run in the
 * text reads as one space, so a phrase's space stands for any run of whitespace. Code units that
 * no phrase holds send the walk straight back to the root.
 */
export class PhraseAutomaton {
  private readonly next: Map<number, number>[] = [new Map()];
  private readonly fail: number[] = [0];
  /** By state: the ids of the phrases that end there, its own and its suffixes'. */
  private readonly outputs: number[][] = [[]];
  private readonly inAnyPhrase = new Uint8Array(0x10000);

  /** `phrases`: id → phrase, none empty, none starting or ending with a space. */
  constructor(phrases: Iterable<readonly [number, string]>) {
    for (const [id, phrase] of phrases) this.insert(id, phrase);
    this.linkFailures();
  }

  /** Calls `found` with a phrase's id at each place it ends in the text. */
  forEachOccurrence(text: string, found: (id: number) => void): void {
    const { next, fail, outputs, inAnyPhrase } = this;
    let state = 0;
    let afterWhitespace = false;
    for (let index = 0; index < text.length; index++) {
      let code = text.charCodeAt(index);
      if (isWhitespaceCode(code)) {
        if (afterWhitespace) continue;
        afterWhitespace = true;
        code = SPACE;
      } else {
        afterWhitespace = false;
        // A field's text may be read unfolded when only its ASCII letters would change.
        if (code >= 0x41 && code <= 0x5a) code |= 0x20;
      }
      if (inAnyPhrase[code] === 0) {
        state = 0;
        continue;
      }
      while (state !== 0 && !next[state].has(code)) state = fail[state];
      state = next[state].get(code) ?? 0;
      for (const id of outputs[state]) found(id);
    }
  }

  private insert(id: number, phrase: string): void {
    let state = 0;
    for (let index = 0; index < phrase.length; index++) {
      const code = phrase.charCodeAt(index);
      this.inAnyPhrase[code] = 1;
      let target = this.next[state].get(code);
      if (target === undefined) {
        target = this.next.length;
        this.next.push(new Map());
        this.fail.push(0);
        this.outputs.push([]);
        this.next[state].set(code, target);
      }
      state = target;
    }
    this.outputs[state].push(id);
  }

  /** Breadth first, so a state's failure target is linked before the state itself. */
  private linkFailures(): void {
    const queue = [...this.next[0].values()];
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head];
      for (const [code, target] of this.next[state]) {
        let fallback = this.fail[state];
        while (fallback !== 0 && !this.next[fallback].has(code)) fallback = this.fail[fallback];
        const linked = this.next[fallback].get(code);
        this.fail[target] = linked !== undefined && linked !== target ? linked : 0;
        this.outputs[target] = [...this.outputs[target], ...this.outputs[this.fail[target]]];
        queue.push(target);
      }
    }
  }
}
