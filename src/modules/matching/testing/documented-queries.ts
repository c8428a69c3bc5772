import type { KeywordMode } from '../keyword-definition.js';
import type { MatchInput } from '../match-input.js';

/*
 * The terms, examples, refusals, canonical forms and keyword translations of docs/matching.md, read from the
 * Markdown as written, so that docs-examples.spec.ts tests what a reader sees.
 */

export type DocumentedVerdict = 'matches' | 'does not match' | 'pending';

export interface DocumentedItem {
  readonly verdict: DocumentedVerdict;
  readonly input: MatchInput;
}

export interface DocumentedExample {
  readonly number: number;
  readonly title: string;
  readonly query: string;
  readonly items: readonly DocumentedItem[];
}

export interface DocumentedTerm {
  readonly query: string;
  readonly matches: string;
  readonly doesNotMatch: string;
}

export interface DocumentedQueries {
  readonly terms: readonly DocumentedTerm[];
  readonly examples: readonly DocumentedExample[];
  readonly refusals: readonly { readonly query: string; readonly message: string }[];
  readonly canonicalForms: readonly { readonly written: string; readonly canonical: string }[];
  readonly translations: readonly {
    readonly mode: KeywordMode;
    readonly keyword: string;
    readonly printed: string;
    readonly sameTree: boolean;
  }[];
}

/** An item's subreddit and author when its table leaves them out. */
export const DEFAULT_SUBREDDIT = 'example';
export const DEFAULT_AUTHOR = 'someone';

const EXAMPLE_HEADING = /^#### (\d+)\. (.+)$/;
const QUERY_FENCE = '```query';
const FENCE_END = '```';
const VERDICTS: readonly DocumentedVerdict[] = ['matches', 'does not match', 'pending'];
const ITEM_COLUMNS = new Set([
  'verdict',
  'type',
  'sub',
  'author',
  'title',
  'body',
  'flair',
  'url',
  'self',
  'nsfw',
  'score',
  'comments',
]);

export function readDocumentedQueries(markdown: string): DocumentedQueries {
  const lines = markdown.split('\n');
  return {
    terms: tableWithHeader(lines, ['written', 'is', 'matches', 'does not match']).map((row) => ({
      query: row.written,
      matches: row.matches,
      doesNotMatch: row['does not match'],
    })),
    examples: readExamples(lines),
    refusals: tableWithHeader(lines, ['refused query', 'message']).map((row) => ({
      query: row['refused query'],
      message: row.message,
    })),
    canonicalForms: tableWithHeader(lines, ['written', 'canonical form']).map((row) => ({
      written: row.written,
      canonical: row['canonical form'],
    })),
    translations: tableWithHeader(lines, [
      'mode',
      'keyword',
      'tree, printed',
      'the printed query is the same tree',
    ]).map((row) => ({
      mode: keywordMode(row.mode),
      keyword: row.keyword,
      printed: row['tree, printed'],
      sameTree: yesOrNo(row['the printed query is the same tree'], 'the translations table'),
    })),
  };
}

/** Each `#### N. title` heading, the ```query block after it and the table after that. */
function readExamples(lines: readonly string[]): DocumentedExample[] {
  const examples: DocumentedExample[] = [];
  lines.forEach((line, index) => {
    const heading = EXAMPLE_HEADING.exec(line);
    if (heading === null) return;
    const fence = nextLineIndex(lines, index + 1, (next) => next !== '');
    if (lines[fence] !== QUERY_FENCE) {
      throw new Error(`line ${fence + 1}: example ${heading[1]} needs a ${QUERY_FENCE} block`);
    }
    const end = nextLineIndex(lines, fence + 1, (next) => next === FENCE_END);
    const query = lines.slice(fence + 1, end).join('\n');
    const tableStart = nextLineIndex(lines, end + 1, (next) => next.startsWith('|'));
    const items = readTable(lines, tableStart).map((row) => documentedItem(row, tableStart));
    examples.push({ number: Number(heading[1]), title: heading[2], query, items });
  });
  return examples;
}

function nextLineIndex(
  lines: readonly string[],
  from: number,
  wanted: (line: string) => boolean,
): number {
  for (let index = from; index < lines.length; index++) if (wanted(lines[index])) return index;
  throw new Error(`line ${from + 1}: expected more of the example`);
}

/** The rows of the table whose header has exactly these columns. */
function tableWithHeader(
  lines: readonly string[],
  header: readonly string[],
): Record<string, string>[] {
  const start = lines.findIndex(
    (line) => line.startsWith('|') && cellsOf(line).join('\u0000') === header.join('\u0000'),
  );
  if (start < 0) throw new Error(`no table with the columns ${header.join(', ')}`);
  return readTable(lines, start);
}

/** A Markdown table from its header line: one record per row, keyed by column name. */
function readTable(lines: readonly string[], start: number): Record<string, string>[] {
  const header = cellsOf(lines[start]);
  const rows: Record<string, string>[] = [];
  for (let index = start + 2; index < lines.length && lines[index].startsWith('|'); index++) {
    const cells = cellsOf(lines[index]);
    if (cells.length !== header.length) {
      throw new Error(`line ${index + 1}: ${cells.length} cells under ${header.length} columns`);
    }
    rows.push(Object.fromEntries(header.map((name, column) => [name, cells[column]])));
  }
  return rows;
}

/** The cells of a table row, `\|` read as `|`, a code span as its content. */
function cellsOf(line: string): string[] {
  const cells = line
    .trim()
    .slice(1, -1)
    .split(/(?<!\\)\|/);
  return cells.map((cell) => codeSpanContent(cell.trim().replaceAll('\\|', '|')));
}

/** `` `x` `` is `x`, and ``` `` `x` `` ``` is `` `x` `` (one space inside each end dropped). */
function codeSpanContent(cell: string): string {
  const ticks = /^`+/.exec(cell)?.[0] ?? '';
  if (ticks === '' || cell.length < 2 * ticks.length || !cell.endsWith(ticks)) return cell;
  const inner = cell.slice(ticks.length, cell.length - ticks.length);
  const padded = inner.length > 2 && inner.startsWith(' ') && inner.endsWith(' ');
  return padded && inner.trim() !== '' ? inner.slice(1, -1) : inner;
}

function documentedItem(row: Record<string, string>, tableLine: number): DocumentedItem {
  const where = `table at line ${tableLine + 1}`;
  for (const column of Object.keys(row)) {
    if (!ITEM_COLUMNS.has(column)) throw new Error(`${where}: unknown column ${column}`);
  }
  const verdict = VERDICTS.find((known) => known === row.verdict);
  if (verdict === undefined) throw new Error(`${where}: unknown verdict ${row.verdict}`);
  const type = row.type;
  if (type !== 'post' && type !== 'comment') throw new Error(`${where}: unknown type ${type}`);
  const title = given(row.title);
  const body = row.body ?? '';
  const input: MatchInput = {
    type,
    fields: type === 'post' ? [title ?? '', body] : [body],
    subreddit: given(row.sub) ?? DEFAULT_SUBREDDIT,
    author: given(row.author) ?? DEFAULT_AUTHOR,
    parentTitle: type === 'comment' ? title : undefined,
    flair: given(row.flair),
    url: given(row.url),
    isSelf: flag(row.self, where),
    nsfw: flag(row.nsfw, where),
    score: count(row.score, where),
    numComments: count(row.comments, where),
  };
  return { verdict, input: withoutUnknowns(input) };
}

/** The item with the fields it does not carry left out, as a caller would leave them. */
function withoutUnknowns(input: MatchInput): MatchInput {
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as unknown as MatchInput;
}

function given(cell: string | undefined): string | undefined {
  return cell === undefined || cell === '' ? undefined : cell;
}

function flag(cell: string | undefined, where: string): boolean | undefined {
  return given(cell) === undefined ? undefined : yesOrNo(cell as string, where);
}

function yesOrNo(cell: string, where: string): boolean {
  if (cell !== 'yes' && cell !== 'no') throw new Error(`${where}: yes or no, not ${cell}`);
  return cell === 'yes';
}

function count(cell: string | undefined, where: string): number | undefined {
  if (given(cell) === undefined) return undefined;
  const value = Number(cell);
  if (!Number.isInteger(value)) throw new Error(`${where}: a whole number, not ${cell}`);
  return value;
}

function keywordMode(cell: string): KeywordMode {
  if (cell !== 'exact' && cell !== 'proximity' && cell !== 'broad') {
    throw new Error(`unknown keyword mode ${cell}`);
  }
  return cell;
}
