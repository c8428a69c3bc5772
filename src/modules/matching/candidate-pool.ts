import type { IndexedKeyword } from './indexed-keyword.js';

/*
 * Node layout: NODE_INTS consecutive Int32 values. Node 0 is never used, so 0 ends a list
 * and stands for the empty list.
 */
const NODE_INTS = 4;
const REQUIRED_TERM = 0;
const TRACKS = 1;
const NEXT = 2;
const PREVIOUS = 3;
const NO_NODE = 0;

/**
 * Every candidate list of the index, as doubly linked lists of nodes in one typed array: a
 * node holds what decides most candidates without touching the keyword's object (a term the
 * keyword needs in the field besides its anchor, and its TRACKS_* bits); the keyword itself
 * sits at the node's index in `keywords`. A list is the index of its first node.
 */
export class CandidatePool {
  private nodes = new Int32Array(1024 * NODE_INTS);
  private readonly keywords: (IndexedKeyword | undefined)[] = [undefined];
  private readonly freeNodes: number[] = [];

  /** Term id the node's keyword needs in the field besides its anchor (0: none). */
  requiredTermId(node: number): number {
    return this.nodes[node * NODE_INTS + REQUIRED_TERM];
  }

  tracks(node: number): number {
    return this.nodes[node * NODE_INTS + TRACKS];
  }

  /** The following node of the list, 0 at its end. */
  next(node: number): number {
    return this.nodes[node * NODE_INTS + NEXT];
  }

  keyword(node: number): IndexedKeyword {
    return this.keywords[node] as IndexedKeyword;
  }

  /** Puts the keyword in front of the list starting at `head`; returns its node, the new head. */
  insert(head: number, keyword: IndexedKeyword): number {
    const node = this.freeNodes.pop() ?? this.newNode();
    const base = node * NODE_INTS;
    this.nodes[base + REQUIRED_TERM] = keyword.requiredTermId;
    this.nodes[base + TRACKS] = keyword.tracks;
    this.nodes[base + NEXT] = head;
    this.nodes[base + PREVIOUS] = NO_NODE;
    if (head !== NO_NODE) this.nodes[head * NODE_INTS + PREVIOUS] = node;
    this.keywords[node] = keyword;
    return node;
  }

  /** Unlinks the node from the list starting at `head`; returns the list's head afterwards. */
  remove(head: number, node: number): number {
    const base = node * NODE_INTS;
    const next = this.nodes[base + NEXT];
    const previous = this.nodes[base + PREVIOUS];
    if (next !== NO_NODE) this.nodes[next * NODE_INTS + PREVIOUS] = previous;
    if (previous !== NO_NODE) this.nodes[previous * NODE_INTS + NEXT] = next;
    this.keywords[node] = undefined;
    this.freeNodes.push(node);
    return node === head ? next : head;
  }

  private newNode(): number {
    const node = this.keywords.length;
    this.keywords.push(undefined);
    if ((node + 1) * NODE_INTS > this.nodes.length) {
      const grown = new Int32Array(this.nodes.length * 2);
      grown.set(this.nodes);
      this.nodes = grown;
    }
    return node;
  }
}
