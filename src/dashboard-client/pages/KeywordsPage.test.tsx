import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { KeywordsQuery } from '../gql/graphql';
import type { UserViewer } from '../app/session';
import { answerConfirms } from '../testing/confirm';
import { fakeGraphql, Refusal } from '../testing/graphql-transport';
import { renderPage } from '../testing/render';
import { KeywordsPage } from './KeywordsPage';

const viewer: UserViewer = {
  csrfToken: 'token',
  role: 'owner',
  user: { id: 'u1', email: 'ada@example.com' },
  account: {
    id: 'a1',
    name: 'Ada',
    product: 'alerts',
    plan: 'starter',
    status: 'active',
    keywordLimit: 10,
  },
};

type Keyword = KeywordsQuery['keywords']['nodes'][number];

const keywordsAnswer = (nodes: Keyword[]): KeywordsQuery => ({
  keywords: { count: nodes.length, keywordLimit: 10, nodes },
  usage: { perKeywordDailyCap: 50 },
});

const noKeywordsCreated = { created: [], existing: [], rejected: [] };

const addForm = () => screen.getByRole('form', { name: 'Add keywords' });

describe('the keyword form', () => {
  it('adds each non-blank line as a keyword, with the mode, tracking and filters chosen', async () => {
    const server = fakeGraphql({
      Keywords: () => keywordsAnswer([]),
      CreateKeywords: () => ({ createKeywords: noKeywordsCreated }),
    });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    const form = addForm();
    await user.type(within(form).getByLabelText('Keywords'), ' rust {enter}{enter}tokio{enter}');
    await user.selectOptions(within(form).getByLabelText('Mode'), 'broad');
    await user.click(within(form).getByLabelText('Comments'));
    await user.type(within(form).getByLabelText('Exclude phrases'), 'hiring, , job ');
    await user.type(within(form).getByLabelText('Only in subreddits'), 'rust,programming');
    await user.click(within(form).getByRole('button', { name: 'Add keywords' }));

    await waitFor(() => expect(server.sent('CreateKeywords')).toHaveLength(1));
    const settings = {
      mode: 'broad',
      trackPosts: true,
      trackComments: false,
      exclude: ['hiring', 'job'],
      subreddits: ['rust', 'programming'],
      excludeSubreddits: [],
      excludeAuthors: [],
      query: null,
    };
    expect(server.sent('CreateKeywords')[0]).toEqual({
      keywords: [
        { text: 'rust', ...settings },
        { text: 'tokio', ...settings },
      ],
    });
  });

  it('sends nothing for an empty or blank list', async () => {
    const server = fakeGraphql({ Keywords: () => keywordsAnswer([]) });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    const text = within(addForm()).getByLabelText<HTMLTextAreaElement>('Keywords');
    const add = within(addForm()).getByRole('button', { name: 'Add keywords' });

    await user.click(add);
    expect(text.validity.valueMissing).toBe(true);
    await user.type(text, '   {enter}  ');
    await user.click(add);

    expect(server.sent('CreateKeywords')).toEqual([]);
  });

  it('says what was added, what was there and why the others were refused, then clears the list', async () => {
    const server = fakeGraphql({
      Keywords: () => keywordsAnswer([]),
      CreateKeywords: () => ({
        createKeywords: {
          created: [{ id: 'k1', text: 'rust' }],
          existing: [{ id: 'k2', text: 'go' }],
          rejected: [
            { text: 'a', reason: 'too_short', message: 'A keyword needs 2 characters or more.' },
          ],
        },
      }),
    });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    const text = within(addForm()).getByLabelText<HTMLTextAreaElement>('Keywords');
    await user.type(text, 'rust{enter}go{enter}a');
    await user.click(within(addForm()).getByRole('button', { name: 'Add keywords' }));

    const outcome = await within(addForm()).findByRole('status');
    expect(outcome.textContent).toContain('Added 1, 1 already there, 1 refused.');
    expect(within(outcome).getByRole('listitem').textContent).toBe(
      '“a”: A keyword needs 2 characters or more.',
    );
    expect(text.value).toBe('');
    await waitFor(() => expect(server.sent('Keywords')).toHaveLength(2));
  });

  it('keeps the list and says why when the server refuses the request', async () => {
    fakeGraphql({
      Keywords: () => keywordsAnswer([]),
      CreateKeywords: () => {
        throw new Refusal('Rate limit of 120 requests per minute exceeded', 'rate_limited', 42);
      },
    });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    const text = within(addForm()).getByLabelText<HTMLTextAreaElement>('Keywords');
    await user.type(text, 'rust');
    await user.click(within(addForm()).getByRole('button', { name: 'Add keywords' }));

    expect((await within(addForm()).findByRole('alert')).textContent).toBe(
      'That was a lot at once: please try again in 42 seconds.',
    );
    expect(text.value).toBe('rust');
  });
});

describe('the query field', () => {
  const queryField = () => within(addForm()).getByLabelText<HTMLTextAreaElement>('Query');
  const mirror = () => addForm().querySelector('.query-mirror')!;

  it('marks an error in place as it is typed, sends nothing until it is fixed, then sends the query', async () => {
    const server = fakeGraphql({
      Keywords: () => keywordsAnswer([]),
      CreateKeywords: () => ({ createKeywords: noKeywordsCreated }),
    });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    await user.type(within(addForm()).getByLabelText('Keywords'), 'acme');
    await user.type(queryField(), 'acme OR');

    expect(queryField().getAttribute('aria-invalid')).toBe('true');
    const problem = within(addForm()).getByText('query: expected a term after OR at character 8');
    expect(queryField().getAttribute('aria-describedby')?.split(' ')).toContain(problem.id);
    expect(mirror().querySelector('mark.q-error')).not.toBeNull();
    expect(mirror().querySelector('.q-operator')?.textContent).toBe('OR');
    await user.click(within(addForm()).getByRole('button', { name: 'Add keywords' }));
    expect(server.sent('CreateKeywords')).toEqual([]);

    await user.type(queryField(), ' "price list" -sub:acme');
    expect(queryField().getAttribute('aria-invalid')).toBe('false');
    expect(within(addForm()).queryByText(/^query: expected/)).toBeNull();
    expect(mirror().querySelector('mark')).toBeNull();
    expect(
      [...mirror().querySelectorAll('[class^="q-"]')].map((part) => [
        part.className,
        part.textContent,
      ]),
    ).toEqual([
      ['q-term', 'acme'],
      ['q-operator', 'OR'],
      ['q-phrase', '"price list"'],
      ['q-operator', '-'],
      ['q-field', 'sub:'],
      ['q-value', 'acme'],
    ]);
    await user.click(within(addForm()).getByRole('button', { name: 'Add keywords' }));

    await waitFor(() => expect(server.sent('CreateKeywords')).toHaveLength(1));
    expect(server.sent('CreateKeywords')[0]).toMatchObject({
      keywords: [{ text: 'acme', query: 'acme OR "price list" -sub:acme' }],
    });
  });

  it('sends a blank query as none', async () => {
    const server = fakeGraphql({
      Keywords: () => keywordsAnswer([]),
      CreateKeywords: () => ({ createKeywords: noKeywordsCreated }),
    });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    await user.type(within(addForm()).getByLabelText('Keywords'), 'acme');
    await user.type(queryField(), '   ');
    expect(queryField().getAttribute('aria-invalid')).toBe('false');
    await user.click(within(addForm()).getByRole('button', { name: 'Add keywords' }));

    await waitFor(() => expect(server.sent('CreateKeywords')).toHaveLength(1));
    expect(server.sent('CreateKeywords')[0]).toMatchObject({
      keywords: [{ text: 'acme', query: null }],
    });
  });

  it('opens "How to write a query" from the field, with examples coloured as the field colours them', async () => {
    fakeGraphql({ Keywords: () => keywordsAnswer([]) });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    const link = within(addForm()).getByRole('button', { name: 'How to write a query' });
    expect(link.getAttribute('aria-expanded')).toBe('false');
    expect(within(addForm()).queryByRole('region', { name: 'How to write a query' })).toBeNull();

    await user.click(link);
    const help = within(addForm()).getByRole('region', { name: 'How to write a query' });
    expect(link.getAttribute('aria-expanded')).toBe('true');
    expect(link.getAttribute('aria-controls')).toBe(help.id);
    const examples = within(help).getAllByRole('listitem');
    expect(examples.length).toBeGreaterThanOrEqual(5);
    expect(examples[0].textContent).toBe('acme -sub:acme — acme, except in r/acme');
    expect(help.querySelector('.q-error')).toBeNull();
    expect(help.querySelectorAll('.q-operator').length).toBeGreaterThan(5);
  });
});

describe('a keyword of the table', () => {
  const rust: Keyword = {
    id: 'k7',
    text: 'rust',
    mode: 'broad',
    active: true,
    trackPosts: true,
    trackComments: true,
    exclude: ['hiring'],
    subreddits: ['rust'],
    excludeSubreddits: [],
    excludeAuthors: ['bot'],
    query: null,
    matchesToday: 50,
    capReached: true,
    dailyMatches: [],
  };
  const row = () => screen.getByRole('row', { name: /^rust/ });
  const button = async (name: string) =>
    within(await screen.findByRole('row', { name: /^rust/ })).findByRole('button', { name });

  it('shows its filters and its use of the daily cap', async () => {
    fakeGraphql({ Keywords: () => keywordsAnswer([rust]) });
    renderPage(<KeywordsPage viewer={viewer} />);

    await screen.findByRole('row', { name: /^rust/ });
    expect(row().textContent).toContain('not “hiring” · in r/rust · not u/bot');
    expect(row().textContent).toContain('50 / 50 cap reached');
  });

  it('saves an edit as its settings alone, for that keyword', async () => {
    const server = fakeGraphql({
      Keywords: () => keywordsAnswer([rust]),
      UpdateKeyword: () => ({ updateKeyword: { id: 'k7' } }),
    });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    await user.click(await button('Edit'));
    const edit = screen.getByRole('form', { name: 'Edit rust' });
    expect(within(edit).getByLabelText<HTMLInputElement>('Exclude phrases').value).toBe('hiring');
    await user.selectOptions(within(edit).getByLabelText('Mode'), 'proximity');
    await user.clear(within(edit).getByLabelText('Ignore authors'));
    await user.click(within(edit).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.sent('UpdateKeyword')).toHaveLength(1));
    expect(server.sent('UpdateKeyword')[0]).toEqual({
      id: 'k7',
      input: {
        mode: 'proximity',
        trackPosts: true,
        trackComments: true,
        exclude: ['hiring'],
        subreddits: ['rust'],
        excludeSubreddits: [],
        excludeAuthors: [],
        query: null,
      },
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit rust' })).toBeNull());
  });

  it('shows its query, coloured, and an edit changes or clears it', async () => {
    const server = fakeGraphql({
      Keywords: () => keywordsAnswer([{ ...rust, query: 'rust NEAR/3 job' }]),
      UpdateKeyword: () => ({ updateKeyword: { id: 'k7' } }),
    });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    await screen.findByRole('row', { name: /^rust/ });
    expect(row().querySelector('th code')?.textContent).toBe('rust NEAR/3 job');
    expect(row().querySelector('th .q-operator')?.textContent).toBe('NEAR/3');

    await user.click(await button('Edit'));
    const edit = screen.getByRole('form', { name: 'Edit rust' });
    const query = within(edit).getByLabelText<HTMLTextAreaElement>('Query');
    expect(query.value).toBe('rust NEAR/3 job');
    await user.clear(query);
    await user.type(query, 'rust -');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(
      within(edit).getByText('query: expected a term right after - at character 7'),
    ).toBeTruthy();
    expect(server.sent('UpdateKeyword')).toEqual([]);

    await user.clear(query);
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.sent('UpdateKeyword')).toHaveLength(1));
    expect(server.sent('UpdateKeyword')[0]).toMatchObject({ id: 'k7', input: { query: null } });
  });

  it('pauses it without touching its settings', async () => {
    const server = fakeGraphql({
      Keywords: () => keywordsAnswer([rust]),
      UpdateKeyword: () => ({ updateKeyword: { id: 'k7' } }),
    });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    await user.click(await button('Pause'));

    await waitFor(() =>
      expect(server.sent('UpdateKeyword')).toEqual([{ id: 'k7', input: { active: false } }]),
    );
  });

  it('is deleted only once the user confirms', async () => {
    const server = fakeGraphql({
      Keywords: () => keywordsAnswer([rust]),
      DeleteKeyword: () => ({ deleteKeyword: { id: 'k7', deleted: true } }),
    });
    const confirm = answerConfirms(false, true);
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    const remove = await button('Delete');

    await user.click(remove);
    expect(confirm).toHaveBeenLastCalledWith('Delete the keyword “rust”?');
    expect(server.sent('DeleteKeyword')).toEqual([]);
    await user.click(remove);
    await waitFor(() => expect(server.sent('DeleteKeyword')).toEqual([{ id: 'k7' }]));
  });
});

describe("the keyword form's preview", () => {
  const previewAnswer = (matches: number) => ({
    previewKeyword: {
      from: '2026-11-28T12:00:00.000Z',
      to: '2026-11-29T12:00:00.000Z',
      itemsSearched: 500,
      matches,
      estimated: false,
      perHour: [
        { hour: '2026-11-29T10:00:00.000Z', matches: 0 },
        { hour: '2026-11-29T11:00:00.000Z', matches },
      ],
      subreddits: [{ subreddit: 'rust', matches }],
      samples: [
        {
          event: 'post',
          timestamp: '2026-11-29T11:30:00.000Z',
          redditId: 'p1',
          title: 'Why <i>Rust</i>?',
          subreddit: 'rust',
          author: 'ferris',
          selftext: '',
          url: 'https://www.reddit.com/r/rust/comments/p1/',
          comment: null,
          highlights: [{ field: 'title', start: 7, end: 11 }],
        },
      ],
      dailyCap: 50,
      daysOverCap: 0,
    },
  });
  const region = () => within(addForm()).getByRole('region', { name: /^Preview of/ });
  const slowly = { timeout: 3000 };

  it('previews the first keyword once typing rests, once per change, and not while the query is refused', async () => {
    const server = fakeGraphql({
      Keywords: () => keywordsAnswer([]),
      PreviewKeyword: () => previewAnswer(3),
    });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    await user.type(within(addForm()).getByLabelText('Keywords'), 'rust{enter}tokio');
    await within(region()).findByText('3 matches', {}, slowly);
    expect(server.sent('PreviewKeyword')).toEqual([
      { input: expect.objectContaining({ text: 'rust', query: null }) },
    ]);
    const title = region().querySelector('.sample-title')!;
    expect(title.textContent).toBe('Why <i>Rust</i>?');
    expect(title.querySelector('mark')!.textContent).toBe('Rust');
    expect(title.querySelector('i')).toBeNull();
    expect(within(region()).getByRole('img').getAttribute('aria-label')).toBe(
      'Matches per hour from 10:00 UTC to 11:00 UTC, most at 11:00 UTC (3 matches): 0, 3',
    );
    expect(within(region()).queryByText(/Past the daily cap/)).toBeNull();

    await user.type(within(addForm()).getByLabelText('Query'), 'rust OR');
    expect(within(addForm()).queryByRole('region', { name: /^Preview of/ })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(server.sent('PreviewKeyword')).toHaveLength(1);
  });

  it('warns when the rule would pass the daily cap', async () => {
    fakeGraphql({ Keywords: () => keywordsAnswer([]), PreviewKeyword: () => previewAnswer(80) });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    await user.type(within(addForm()).getByLabelText('Keywords'), 'rust');
    expect(
      (await within(region()).findByText(/Past the daily cap/, {}, slowly)).parentElement!
        .textContent,
    ).toContain('about 80 matches a day against a cap of 50 per keyword');
  });

  it('says "about" for a count estimated from a sample', async () => {
    fakeGraphql({
      Keywords: () => keywordsAnswer([]),
      PreviewKeyword: () => {
        const answer = previewAnswer(1234);
        return { previewKeyword: { ...answer.previewKeyword, estimated: true } };
      },
    });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    await user.type(within(addForm()).getByLabelText('Keywords'), 'the');
    expect(
      (await within(region()).findByText('About 1,234 matches', {}, slowly)).parentElement!
        .textContent,
    ).toContain('(estimated from a sample)');
  });

  it("shows the server's refusal of the keyword in place", async () => {
    fakeGraphql({
      Keywords: () => keywordsAnswer([]),
      PreviewKeyword: () => {
        throw new Refusal('text must be at least 2 characters', 'invalid_body');
      },
    });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    await user.type(within(addForm()).getByLabelText('Keywords'), 'x');
    expect((await within(region()).findByRole('alert', {}, slowly)).textContent).toBe(
      'text must be at least 2 characters',
    );
  });

  it('says calmly that it waits when previews are rate limited', async () => {
    fakeGraphql({
      Keywords: () => keywordsAnswer([]),
      PreviewKeyword: () => {
        throw new Refusal('Too many requests', 'rate_limited');
      },
    });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    await user.type(within(addForm()).getByLabelText('Keywords'), 'rust');
    await within(region()).findByText(/this one follows in a few seconds/, {}, slowly);
    expect(within(addForm()).queryByRole('alert')).toBeNull();
  });

  it('sends backfillHours of the whole window only when the checkbox is ticked', async () => {
    const server = fakeGraphql({
      Keywords: () => keywordsAnswer([]),
      PreviewKeyword: () => previewAnswer(3),
      CreateKeywords: () => ({ createKeywords: noKeywordsCreated }),
    });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    await user.type(within(addForm()).getByLabelText('Keywords'), 'rust');
    await within(region()).findByText('3 matches', {}, slowly);
    const add = within(addForm()).getByRole('button', { name: 'Add keywords' });
    await user.click(add);
    await user.type(within(addForm()).getByLabelText('Keywords'), 'rust');
    await user.click(
      within(addForm()).getByLabelText('Also alert on matches from the last 24 hours'),
    );
    await user.click(add);

    await waitFor(() => expect(server.sent('CreateKeywords')).toHaveLength(2));
    const [plain, backfilled] = server.sent('CreateKeywords') as { keywords: object[] }[];
    expect(plain.keywords[0]).not.toHaveProperty('backfillHours');
    expect(backfilled.keywords[0]).toMatchObject({ text: 'rust', backfillHours: 24 });
  });
});
