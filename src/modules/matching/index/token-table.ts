import { stemmer } from 'stemmer';

import type { TermTable } from './term-table.js';
import { grown } from './grown-array.js';

/*
 * Open addressing with linear probing. Each slot is SLOT_INTS consecutive Int32 values (four
 * slots per cache line) and each token's length and characters sit in one Uint16Array, so
 * resolving a known token reads a slot and a run of characters: no string is allocated or
 * touched, and V8's string hashing (a runtime call per fresh substring) is never needed.
 */
const SLOT_INTS = 4;
/** log2(SLOT_INTS): a slot's index among slots. */
const SLOT_SHIFT = 2;
const HASH = 0;
/**
 * Where the token's length, then its characters, start in `characters`; 0 for an empty slot.
 * The sign bit says the token starts with some query prefix term: most tokens start with none,
 * and reading that here spares them a read of `prefixListStarts`, a cache miss of its own.
 */
const CHARACTERS = 1;
const HAS_PREFIX_LIST = 0x80000000 | 0;
const OFFSET_BITS = 0x7fffffff;
/** Term ids, 0 for none. */
const TOKEN_TERM = 2;
const STEM_TERM = 3;
/** A length takes two UTF-16 units (low, high) ahead of the characters. */
const LENGTH_UNITS = 2;

const INITIAL_SLOT_BITS = 12;

/**
 * Every distinct text token met so far, with its English (Porter) stem and the ids of the
 * keyword terms equal to the token and to its stem. Reddit's vocabulary is Zipf-shaped, so
 * almost every token of an item is already known: one probe, no stemming. When `maxEntries`
 * tokens are known, the table starts afresh.
 */
export class TokenTable {
  private slots = new Int32Array((1 << INITIAL_SLOT_BITS) * SLOT_INTS);
  private slotBits = INITIAL_SLOT_BITS;
  private characters = new Uint16Array(1 << 16);
  /** Offset 0 is never used, so that 0 can mark an empty slot. */
  private characterCount = 1;
  /** By slot index: the entry index of the token it holds (for `syncTerms`). */
  private entries = new Int32Array(1 << INITIAL_SLOT_BITS);
  /**
   * By slot index: where the ids of the query prefix terms the token starts with begin in
   * `prefixLists` (0: none). A list ends with 0; offset 0 is never used.
   */
  private prefixListStarts = new Int32Array(1 << INITIAL_SLOT_BITS);
  private prefixLists = new Int32Array(1024);
  private prefixListsEnd = 1;
  private tokens: string[] = [];
  private stems: string[] = [];
  private termsVersion: number;

  constructor(
    private readonly terms: TermTable,
    private readonly maxEntries = 100_000,
  ) {
    this.termsVersion = terms.version;
  }

  get size(): number {
    return this.tokens.length;
  }

  /**
   * Re-reads every token's term ids if keywords gained or lost terms since: one pass over
   * the table after a batch of keyword changes, instead of a version check per token.
   */
  syncTerms(): void {
    if (this.termsVersion === this.terms.version) return;
    this.prefixListsEnd = 1;
    for (let slot = 0; slot < this.slots.length; slot += SLOT_INTS) {
      if (this.slots[slot + CHARACTERS] !== 0) this.readTerms(slot);
    }
    this.termsVersion = this.terms.version;
  }

  /**
   * Finds the token text[start, end), adding it when new, and returns its slot (for
   * `tokenTermId` and `stemTermId`). `caseMask` is OR-ed into each character code: 0x20
   * lower-cases an ASCII letter and leaves digits alone, 0 takes already folded text as is.
   * `hash` is FNV-1a over the token's (so masked) UTF-16 code units. Call `syncTerms` first.
   */
  resolve(text: string, start: number, end: number, hash: number, caseMask: number): number {
    let slot = this.homeSlot(hash);
    for (;;) {
      if (this.slots[slot + CHARACTERS] === 0) {
        const token = text.slice(start, end);
        return this.insert(caseMask === 0 ? token : token.toLowerCase(), hash);
      }
      if (this.slots[slot + HASH] === hash && this.holds(slot, text, start, end, caseMask)) {
        return slot;
      }
      slot = this.nextSlot(slot);
    }
  }

  /** Id of the keyword term equal to the token (0: none). */
  tokenTermId(slot: number): number {
    return this.slots[slot + TOKEN_TERM];
  }

  /** Id of the keyword term equal to the token's stem (0: none). */
  stemTermId(slot: number): number {
    return this.slots[slot + STEM_TERM];
  }

  /**
   * Where the ids of the query prefix terms the token starts with (itself included) begin in
   * `prefixTermIds`, ending with 0; 0 for none.
   */
  prefixListOf(slot: number): number {
    return this.slots[slot + CHARACTERS] < 0 ? this.prefixListStarts[slot >> SLOT_SHIFT] : 0;
  }

  /** The prefix term lists `prefixListOf` points into (replaced as tokens are added). */
  get prefixTermIds(): Int32Array {
    return this.prefixLists;
  }

  private holds(slot: number, text: string, start: number, end: number, caseMask: number): boolean {
    const offset = this.slots[slot + CHARACTERS] & OFFSET_BITS;
    const length = end - start;
    const characters = this.characters;
    if (characters[offset] !== (length & 0xffff) || characters[offset + 1] !== length >>> 16) {
      return false;
    }
    const first = offset + LENGTH_UNITS;
    for (let index = 0; index < length; index++) {
      if (characters[first + index] !== (text.charCodeAt(start + index) | caseMask)) return false;
    }
    return true;
  }

  private homeSlot(hash: number): number {
    // Fibonacci hashing: the top bits of the product mix all the bits of the hash.
    return (Math.imul(hash, 0x9e3779b1) >>> (32 - this.slotBits)) * SLOT_INTS;
  }

  private nextSlot(slot: number): number {
    const next = slot + SLOT_INTS;
    return next === this.slots.length ? 0 : next;
  }

  private insert(token: string, hash: number): number {
    if (this.tokens.length >= this.maxEntries) this.clear();
    if ((this.tokens.length + 1) * 2 * SLOT_INTS > this.slots.length) this.grow();
    const slot = this.emptySlot(hash);
    this.entries[slot / SLOT_INTS] = this.tokens.length;
    this.tokens.push(detached(token));
    this.stems.push(stemmer(token));
    this.slots[slot + HASH] = hash;
    this.slots[slot + CHARACTERS] = this.storeCharacters(token);
    this.readTerms(slot);
    return slot;
  }

  private storeCharacters(token: string): number {
    const offset = this.characterCount;
    const end = offset + LENGTH_UNITS + token.length;
    this.characters = grown(this.characters, end);
    this.characters[offset] = token.length & 0xffff;
    this.characters[offset + 1] = token.length >>> 16;
    for (let index = 0; index < token.length; index++) {
      this.characters[offset + LENGTH_UNITS + index] = token.charCodeAt(index);
    }
    this.characterCount = end;
    return offset;
  }

  private emptySlot(hash: number): number {
    let slot = this.homeSlot(hash);
    while (this.slots[slot + CHARACTERS] !== 0) slot = this.nextSlot(slot);
    return slot;
  }

  private grow(): void {
    const previousSlots = this.slots;
    const previousEntries = this.entries;
    this.slots = new Int32Array(previousSlots.length * 2);
    this.entries = new Int32Array(previousEntries.length * 2);
    const previousPrefixListStarts = this.prefixListStarts;
    this.prefixListStarts = new Int32Array(previousPrefixListStarts.length * 2);
    this.slotBits++;
    for (let slot = 0; slot < previousSlots.length; slot += SLOT_INTS) {
      if (previousSlots[slot + CHARACTERS] === 0) continue;
      const target = this.emptySlot(previousSlots[slot + HASH]);
      this.slots.set(previousSlots.subarray(slot, slot + SLOT_INTS), target);
      this.entries[target / SLOT_INTS] = previousEntries[slot / SLOT_INTS];
      this.prefixListStarts[target / SLOT_INTS] = previousPrefixListStarts[slot / SLOT_INTS];
    }
  }

  private clear(): void {
    this.slots.fill(0);
    this.prefixListStarts.fill(0);
    this.prefixListsEnd = 1;
    this.characterCount = 1;
    this.tokens = [];
    this.stems = [];
  }

  private readTerms(slot: number): void {
    const entry = this.entries[slot / SLOT_INTS];
    this.slots[slot + TOKEN_TERM] = this.terms.find('token', this.tokens[entry])?.id ?? 0;
    this.slots[slot + STEM_TERM] = this.terms.find('stem', this.stems[entry])?.id ?? 0;
    const prefixListStart = this.terms.hasPrefixes ? this.storePrefixList(this.tokens[entry]) : 0;
    this.prefixListStarts[slot / SLOT_INTS] = prefixListStart;
    const offset = this.slots[slot + CHARACTERS] & OFFSET_BITS;
    this.slots[slot + CHARACTERS] = prefixListStart === 0 ? offset : offset | HAS_PREFIX_LIST;
  }

  /** Stores the ids of the prefix terms the token starts with; returns where (0: none). */
  private storePrefixList(token: string): number {
    const start = this.prefixListsEnd;
    let end = start;
    for (const length of this.terms.prefixLengths) {
      if (length > token.length) break;
      const part = token.slice(0, length);
      // No prefix term starts with this part, so none starts with a longer one.
      if (!this.terms.leadsToPrefix(part)) break;
      const id = this.terms.find('prefix', part)?.id;
      if (id === undefined) continue;
      this.prefixLists = grown(this.prefixLists, end + 2);
      this.prefixLists[end++] = id;
    }
    if (end === start) return 0;
    this.prefixLists[end++] = 0;
    this.prefixListsEnd = end;
    return start;
  }
}

/**
 * A copy of the token that does not share the field's text: V8 may represent a slice as a
 * view on its whole source, which a long-lived entry would keep alive. JSON.parse always
 * builds a fresh string.
 */
function detached(token: string): string {
  return JSON.parse(JSON.stringify(token)) as string;
}
