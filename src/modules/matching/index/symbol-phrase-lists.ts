import { grown } from './grown-array.js';
import { PhraseAutomaton } from './phrase-automaton.js';

/**
 * The candidate lists of keywords made only of symbols ("++", "$$$"), one per distinct phrase,
 * found in a field by one automaton pass instead of one search per keyword. The automaton is
 * rebuilt on the first field after the set of phrases changed (such keywords are rare, and a
 * rebuild costs about their total length).
 */
export class SymbolPhraseLists {
  private readonly ids = new Map<string, number>();
  /** By phrase id: first node of its list (0: empty). */
  private heads = new Int32Array(16);
  private readonly freeIds: number[] = [];
  private automaton: PhraseAutomaton | null = null;
  /** By phrase id: the field stamp at which it was last found, so a list is verified once. */
  private foundStamps = new Int32Array(16);
  private fieldStamp = 0;

  /** Whether any keyword made only of symbols is held: matching skips the pass when none is. */
  get isEmpty(): boolean {
    return this.ids.size === 0;
  }

  headOf(phrase: string): number {
    const id = this.ids.get(phrase);
    return id === undefined ? 0 : this.heads[id];
  }

  setHead(phrase: string, head: number): void {
    let id = this.ids.get(phrase);
    if (id === undefined) {
      if (head === 0) return;
      id = this.freeIds.pop() ?? this.ids.size;
      this.ids.set(phrase, id);
      this.heads = grown(this.heads, id + 1);
      this.foundStamps = grown(this.foundStamps, id + 1);
      this.automaton = null;
    }
    this.heads[id] = head;
    if (head !== 0) return;
    this.ids.delete(phrase);
    this.freeIds.push(id);
    this.automaton = null;
  }

  /** Calls `verify` with the list head of each phrase that occurs in the text, once each. */
  forEachListIn(text: string, verify: (head: number) => void): void {
    this.automaton ??= new PhraseAutomaton([...this.ids].map(([phrase, id]) => [id, phrase]));
    const stamp = this.nextFieldStamp();
    this.automaton.forEachOccurrence(text, (id) => {
      if (this.foundStamps[id] === stamp) return;
      this.foundStamps[id] = stamp;
      verify(this.heads[id]);
    });
  }

  private nextFieldStamp(): number {
    if (this.fieldStamp === 0x7fffffff) {
      this.foundStamps.fill(0);
      this.fieldStamp = 0;
    }
    return ++this.fieldStamp;
  }
}
