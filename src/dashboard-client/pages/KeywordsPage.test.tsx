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
  role: 'user',
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
        throw new Refusal('Too many requests', 'rate_limited');
      },
    });
    const { user } = renderPage(<KeywordsPage viewer={viewer} />);
    const text = within(addForm()).getByLabelText<HTMLTextAreaElement>('Keywords');
    await user.type(text, 'rust');
    await user.click(within(addForm()).getByRole('button', { name: 'Add keywords' }));

    expect((await within(addForm()).findByRole('alert')).textContent).toBe(
      'Too many requests: wait a minute, then try again.',
    );
    expect(text.value).toBe('rust');
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
      },
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit rust' })).toBeNull());
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
