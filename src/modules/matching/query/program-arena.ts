import { grown } from '../index/grown-array.js';
import { NameTable } from '../index/name-table.js';
import type { QueryNode } from './query-tree.js';

/** A query tree compiled by compileQueryProgram: its code, and the nodes its NODE ops name. */
export interface QueryProgram {
  readonly code: Int32Array;
  readonly nodes: readonly QueryNode[];
}

/** Ahead of a program's code in its block: the stamp of the last item that evaluated it. */
const STAMP = 0;
export const PROGRAM_HEADER = 1;
/** Blocks are 2^(n + MIN_BLOCK_SHIFT) ints, so every block starts at a multiple of 8. */
const MIN_BLOCK_SHIFT = 3;

function sizeClassOf(ints: number): number {
  let sizeClass = 0;
  while (1 << (sizeClass + MIN_BLOCK_SHIFT) < ints) sizeClass++;
  return sizeClass;
}

/**
 * The matcher's query programs side by side in one Int32Array, each in a block of its own:
 * a candidate reaches its program from its candidate node's int, one read where a program of its
 * own cost the reads of the query, of the program and of its array, each a cache miss among
 * 20,000 queries. A removed program's block is reused by the next program of its size class
 * (blocks are powers of two), so the arena never needs its programs moved.
 */
export class ProgramArena {
  code = new Int32Array(1 << 12);
  private end = 0;
  private readonly freeBlocks: number[][] = [];
  /** By block start >> MIN_BLOCK_SHIFT: the nodes of the program there, and the block's size. */
  private readonly nodesByBlock: (readonly QueryNode[] | undefined)[] = [];
  private readonly sizeClassByBlock: number[] = [];

  /** `names`: the table the programs' name and separator ids are in. */
  constructor(readonly names: NameTable = new NameTable()) {}

  /** Places a program; returns where its block starts. */
  add(program: QueryProgram): number {
    const sizeClass = sizeClassOf(PROGRAM_HEADER + program.code.length);
    const start = this.freeBlocks[sizeClass]?.pop() ?? this.append(sizeClass);
    this.code[start + STAMP] = 0;
    this.code.set(program.code, start + PROGRAM_HEADER);
    this.nodesByBlock[start >> MIN_BLOCK_SHIFT] = program.nodes;
    return start;
  }

  /** Frees the block of the program placed at `start`. */
  remove(start: number): void {
    (this.freeBlocks[this.sizeClassByBlock[start >> MIN_BLOCK_SHIFT]] ??= []).push(start);
    this.nodesByBlock[start >> MIN_BLOCK_SHIFT] = undefined;
  }

  nodesOf(start: number): readonly QueryNode[] {
    return this.nodesByBlock[start >> MIN_BLOCK_SHIFT] as readonly QueryNode[];
  }

  /** Marks the program as evaluated for the item `stamp`; false when it already was. */
  claim(start: number, stamp: number): boolean {
    if (this.code[start + STAMP] === stamp) return false;
    this.code[start + STAMP] = stamp;
    return true;
  }

  /** Forgets the program's stamp (when item stamps start again from 1). */
  clearStamp(start: number): void {
    this.code[start + STAMP] = 0;
  }

  private append(sizeClass: number): number {
    const start = this.end;
    this.end += 1 << (sizeClass + MIN_BLOCK_SHIFT);
    this.sizeClassByBlock[start >> MIN_BLOCK_SHIFT] = sizeClass;
    this.code = grown(this.code, this.end);
    return start;
  }
}
