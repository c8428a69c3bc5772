import { Readable } from 'node:stream';
import { streamFixture } from '../../../../test/fixtures/reddit/fixtures.js';
import type { DumpLine } from './ndjson-reader.js';
import { readDumpLines } from './ndjson-reader.js';

const POST_LINE = JSON.stringify({
  id: '2f4i97',
  subreddit: 'BostInno',
  created_utc: '1409529600',
  title: '[Boston Globe] Shots Fired at Savin Hill Station',
  selftext: '',
  author: 'Bostlnno',
});
const COMMENT_LINE = JSON.stringify({
  id: 'c0cmuoo',
  link_id: 't3_9fyq4',
  subreddit: 'atheism',
  created_utc: '1251763202',
  body: 'Thanks \u{1F44D}',
  author: 'berberine',
});

async function readAll(input: NodeJS.ReadableStream): Promise<DumpLine[]> {
  const results: DumpLine[] = [];
  for await (const line of readDumpLines(input)) results.push(line);
  return results;
}

function summarise(lines: DumpLine[]): string[] {
  return lines.map((line) =>
    'item' in line
      ? `${line.lineNumber}:${line.item.type}:${line.item.id}`
      : `${line.lineNumber}:error`,
  );
}

describe('readDumpLines', () => {
  it('yields every post and comment of a dump file', async () => {
    const comments = await readAll(streamFixture('dump-comments.ndjson'));
    const posts = await readAll(streamFixture('dump-submissions.ndjson'));

    expect(summarise(comments)).toEqual([
      '1:comment:c0cmuoo',
      '2:comment:c13',
      '3:comment:kod0bkj',
      '4:comment:kod0bke',
    ]);
    expect(summarise(posts)).toEqual([
      '1:post:1v3sg',
      '2:post:2f4i97',
      '3:post:j08bcm',
      '4:post:1afwvvf',
    ]);
  });

  it('handles CRLF line endings', async () => {
    const lines = await readAll(Readable.from([`${POST_LINE}\r\n${COMMENT_LINE}\r\n`]));

    expect(summarise(lines)).toEqual(['1:post:2f4i97', '2:comment:c0cmuoo']);
    expect(lines[1]).toMatchObject({ item: { body: 'Thanks \u{1F44D}' } });
  });

  it('reports a bad line in the middle and carries on', async () => {
    const input = Readable.from([`${POST_LINE}\n{"id": "broken",\n${COMMENT_LINE}\n`]);

    const lines = await readAll(input);

    expect(summarise(lines)).toEqual(['1:post:2f4i97', '2:error', '3:comment:c0cmuoo']);
    expect(lines[1]?.lineNumber).toBe(2);
    expect('error' in lines[1] && lines[1].error).toMatch(/^invalid JSON: /);
    expect('reason' in lines[1] && lines[1].reason).toBe('invalid_json');
  });

  it('reports JSON that is not a post or comment', async () => {
    const subreddit = JSON.stringify({
      name: 't5_2qk00',
      display_name: 'RockClimbing',
      title: 'x',
    });

    const lines = await readAll(Readable.from([`[1,2]\n42\n${subreddit}\n`]));

    expect(lines).toEqual([
      { lineNumber: 1, reason: 'not_an_item', error: 'not a Reddit post or comment' },
      { lineNumber: 2, reason: 'not_an_item', error: 'not a Reddit post or comment' },
      { lineNumber: 3, reason: 'not_an_item', error: 'not a Reddit post or comment' },
    ]);
  });

  it('reads a final line that has no newline', async () => {
    const lines = await readAll(Readable.from([`${POST_LINE}\n${COMMENT_LINE}`]));

    expect(summarise(lines)).toEqual(['1:post:2f4i97', '2:comment:c0cmuoo']);
  });

  it('skips blank lines but keeps counting them', async () => {
    const lines = await readAll(Readable.from([`\n${POST_LINE}\n  \n\r\n${COMMENT_LINE}\n\n`]));

    expect(summarise(lines)).toEqual(['2:post:2f4i97', '5:comment:c0cmuoo']);
  });

  it('reassembles lines and multi-byte characters split across chunks', async () => {
    const bytes = Buffer.from(`\uFEFF${POST_LINE}\r\n${COMMENT_LINE}\r\n`, 'utf8');
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, index) =>
      bytes.subarray(index * 7, index * 7 + 7),
    );

    const lines = await readAll(Readable.from(chunks));

    expect(summarise(lines)).toEqual(['1:post:2f4i97', '2:comment:c0cmuoo']);
    expect(lines[1]).toMatchObject({ item: { body: 'Thanks \u{1F44D}' } });
  });

  it('pulls input lazily and stops when the consumer stops', async () => {
    let linesPulled = 0;
    const input = Readable.from(
      (function* () {
        for (let index = 0; index < 100_000; index += 1) {
          linesPulled += 1;
          yield `${POST_LINE}\n`;
        }
      })(),
    );
    let itemsRead = 0;

    for await (const line of readDumpLines(input)) {
      itemsRead += 'item' in line ? 1 : 0;
      if (itemsRead === 3) break;
    }

    expect(itemsRead).toBe(3);
    // readline's async iterator buffers about a thousand lines, then pauses its input.
    expect(linesPulled).toBeLessThan(2_000);
  });
});
