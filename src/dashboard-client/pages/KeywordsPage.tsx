import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import {
  CreationOutcome,
  KEYWORDS_KEY,
  useCreateKeywords,
} from '../components/keywords/keyword-creation';
import { listFromText } from '../components/format';
import { Page } from '../components/Page';
import { RoleNote, useMay } from '../app/roles';
import { KeywordPreview, windowHoursOf } from '../components/preview/KeywordPreview';
import { useKeywordPreview } from '../components/preview/use-keyword-preview';
import { isQueryRefused, QueryField, queryToSend } from '../components/query/QueryField';
import { QueryText } from '../components/query/QueryText';
import { checkQueryText } from '../components/query/query-check';
import { QueryState } from '../components/QueryState';
import { SelectField } from '../components/SelectField';
import { Sparkline } from '../components/Sparkline';
import { graphql } from '../gql';
import type { KeywordMode, KeywordsQuery } from '../gql/graphql';
import { graphqlRequest } from '../app/graphql';
import type { UserViewer } from '../app/session';

const KEYWORDS_QUERY = graphql(`
  query Keywords {
    keywords {
      count
      keywordLimit
      nodes {
        id
        text
        mode
        active
        trackPosts
        trackComments
        exclude
        subreddits
        excludeSubreddits
        excludeAuthors
        query
        matchesToday
        capReached
        dailyMatches(days: 30)
      }
    }
    usage {
      perKeywordDailyCap
    }
  }
`);

const UPDATE_KEYWORD = graphql(`
  mutation UpdateKeyword($id: ID!, $input: UpdateKeywordInput!) {
    updateKeyword(id: $id, input: $input) {
      id
    }
  }
`);

const DELETE_KEYWORD = graphql(`
  mutation DeleteKeyword($id: ID!) {
    deleteKeyword(id: $id) {
      id
      deleted
    }
  }
`);

type Keyword = KeywordsQuery['keywords']['nodes'][number];
const ADD_FORM = 'add-keywords';
const MODES: KeywordMode[] = ['exact', 'broad', 'proximity'];
const TRACKED = [
  { name: 'trackPosts', label: 'Posts' },
  { name: 'trackComments', label: 'Comments' },
] as const;

interface KeywordSettings {
  mode: KeywordMode;
  trackPosts: boolean;
  trackComments: boolean;
  exclude: string[];
  subreddits: string[];
  excludeSubreddits: string[];
  excludeAuthors: string[];
  /** As typed; blank is no query. */
  query: string;
}

/** What both mutations take: the settings, the query null when blank. */
const inputOf = (settings: KeywordSettings) => ({
  ...settings,
  query: queryToSend(settings.query),
});

/** Mode, tracking and filters: the same controls to add keywords and to change one. */
function SettingsFields({
  value,
  onChange,
}: {
  value: KeywordSettings;
  onChange: (value: KeywordSettings) => void;
}) {
  const id = useId();
  const set = (change: Partial<KeywordSettings>) => onChange({ ...value, ...change });
  const list = (name: keyof KeywordSettings, label: string, hint: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        aria-describedby={`${id}-${name}-hint`}
        defaultValue={(value[name] as string[]).join(', ')}
        onChange={(e) => set({ [name]: listFromText(e.target.value) })}
      />
      <span className="hint" id={`${id}-${name}-hint`}>
        {hint}
      </span>
    </div>
  );
  return (
    <>
      <SelectField
        label="Mode"
        value={value.mode}
        choices={MODES.map((mode) => ({ value: mode, label: mode }))}
        onChange={(mode) => set({ mode: mode as KeywordMode })}
      />
      <QueryField value={value.query} onChange={(query) => set({ query })} />
      <fieldset className="checks">
        <legend>Track</legend>
        {TRACKED.map(({ name, label }) => (
          <label key={name}>
            <input
              type="checkbox"
              checked={value[name]}
              onChange={(e) => set({ [name]: e.target.checked })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {list('exclude', 'Exclude phrases', 'Comma-separated; an item containing one never matches.')}
      {list('subreddits', 'Only in subreddits', 'Comma-separated, without r/; empty: everywhere.')}
      {list('excludeSubreddits', 'Not in subreddits', 'Comma-separated, without r/.')}
      {list('excludeAuthors', 'Ignore authors', 'Comma-separated, without u/.')}
    </>
  );
}

/** A keyword's settings alone: what an edit sends back. */
const settingsOf = (keyword: Keyword): KeywordSettings => ({
  mode: keyword.mode,
  trackPosts: keyword.trackPosts,
  trackComments: keyword.trackComments,
  exclude: keyword.exclude,
  subreddits: keyword.subreddits,
  excludeSubreddits: keyword.excludeSubreddits,
  excludeAuthors: keyword.excludeAuthors,
  query: keyword.query ?? '',
});

const DEFAULT_SETTINGS: KeywordSettings = {
  mode: 'exact',
  trackPosts: true,
  trackComments: true,
  exclude: [],
  subreddits: [],
  excludeSubreddits: [],
  excludeAuthors: [],
  query: '',
};

/** The keywords typed, one per non-blank line. */
const keywordLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

function AddKeywords() {
  const id = useId();
  const [text, setText] = useState('');
  const [settings, setSettings] = useState(DEFAULT_SETTINGS);
  const [backfill, setBackfill] = useState(false);
  const texts = keywordLines(text);
  // A refused query is marked in its field already; the server would refuse every line.
  const refused = isQueryRefused(settings.query);
  const previewed = texts[0];
  const { preview, ...previewState } = useKeywordPreview(
    previewed === undefined || refused ? null : { text: previewed, ...inputOf(settings) },
  );
  const windowHours = windowHoursOf(preview);
  const create = useCreateKeywords(() => {
    setText('');
    setBackfill(false);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (texts.length > 0 && !refused) {
      create.mutate(
        texts.map((keyword) => ({
          text: keyword,
          ...inputOf(settings),
          ...(backfill && { backfillHours: windowHours }),
        })),
      );
    }
  };
  return (
    <form id={ADD_FORM} className="card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Add keywords</h2>
      <div className="field">
        <label htmlFor={`${id}-text`}>Keywords</label>
        <textarea
          id={`${id}-text`}
          rows={3}
          required
          aria-describedby={`${id}-text-hint`}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <span className="hint" id={`${id}-text-hint`}>
          One per line: paste a whole list to add them all.
        </span>
      </div>
      <SettingsFields value={settings} onChange={setSettings} />
      {previewed !== undefined && !refused && (
        <KeywordPreview keyword={previewed} preview={preview} {...previewState} />
      )}
      <label className="backfill-choice">
        <input type="checkbox" checked={backfill} onChange={(e) => setBackfill(e.target.checked)} />
        Also alert on matches from the last {windowHours} hours
      </label>
      <ErrorNotice error={create.error} />
      {create.data && <CreationOutcome result={create.data.createKeywords} />}
      <button type="submit" disabled={create.isPending}>
        Add keywords
      </button>
    </form>
  );
}

function KeywordRow({ keyword, cap }: { keyword: Keyword; cap: number }) {
  const may = useMay('member');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [settings, setSettings] = useState(() => settingsOf(keyword));
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEYWORDS_KEY });
  const update = useMutation({
    mutationFn: (input: Partial<ReturnType<typeof inputOf>> & { active?: boolean }) =>
      graphqlRequest(UPDATE_KEYWORD, { id: keyword.id, input }),
    onSuccess: () => {
      setEditing(false);
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => graphqlRequest(DELETE_KEYWORD, { id: keyword.id }),
    onSuccess: refresh,
  });
  const total = keyword.dailyMatches.reduce((sum, n) => sum + n, 0);
  const filters = [
    ...keyword.exclude.map((phrase) => `not “${phrase}”`),
    ...keyword.subreddits.map((name) => `in r/${name}`),
    ...keyword.excludeSubreddits.map((name) => `not r/${name}`),
    ...keyword.excludeAuthors.map((name) => `not u/${name}`),
  ];
  return (
    <tr>
      <th scope="row">
        {keyword.text}
        {keyword.query && (
          <div>
            <code className="query-code">
              <QueryText parts={checkQueryText(keyword.query).parts} />
            </code>
          </div>
        )}
      </th>
      <td>{keyword.mode}</td>
      <td>
        {[keyword.trackPosts && 'posts', keyword.trackComments && 'comments']
          .filter(Boolean)
          .join(', ')}
        {filters.length > 0 && <div className="hint">{filters.join(' · ')}</div>}
      </td>
      <td>
        {keyword.matchesToday} / {cap}
        {keyword.capReached && <span className="badge warn"> cap reached</span>}
      </td>
      <td>
        <Sparkline values={keyword.dailyMatches} label={`${total} matches in 30 days`} />
      </td>
      <td>{keyword.active ? 'Active' : 'Paused'}</td>
      {may && (
        <td className="actions">
          <button
            type="button"
            className="secondary"
            onClick={() => update.mutate({ active: !keyword.active })}
          >
            {keyword.active ? 'Pause' : 'Resume'}
          </button>
          <button
            type="button"
            className="secondary"
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
          >
            Edit
          </button>
          <button
            type="button"
            className="danger"
            onClick={() => {
              if (window.confirm(`Delete the keyword “${keyword.text}”?`)) remove.mutate();
            }}
          >
            Delete
          </button>
          <ErrorNotice error={update.error ?? remove.error} />
          {editing && (
            <form
              className="card edit"
              aria-label={`Edit ${keyword.text}`}
              onSubmit={(event) => {
                event.preventDefault();
                if (!isQueryRefused(settings.query)) update.mutate(inputOf(settings));
              }}
            >
              <SettingsFields value={settings} onChange={setSettings} />
              <button type="submit">Save</button>
            </form>
          )}
        </td>
      )}
    </tr>
  );
}

export function KeywordsPage({ viewer }: { viewer: UserViewer }) {
  const keywords = useQuery({
    queryKey: KEYWORDS_KEY,
    queryFn: () => graphqlRequest(KEYWORDS_QUERY),
  });
  const may = useMay('member');
  const nodes = keywords.data?.keywords.nodes ?? [];
  const active = nodes.filter((keyword) => keyword.active).length;
  return (
    <Page title="Keywords">
      <p>
        <strong>
          {active} of {keywords.data?.keywords.keywordLimit ?? viewer.account.keywordLimit}
        </strong>{' '}
        active keywords used on the {viewer.account.plan} plan; paused keywords do not count.
      </p>
      <RoleNote needed="member" what="adding, changing and previewing keywords" />
      {may && <AddKeywords />}
      <QueryState
        query={keywords}
        empty={nodes.length === 0}
        emptyText={
          <EmptyState
            purpose="No keywords yet. A keyword is what the service looks for in every new Reddit post and comment; each match becomes an alert."
            action={may ? { label: 'Write your first keyword', formId: ADD_FORM } : undefined}
          />
        }
      >
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Keywords, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Keyword</th>
                <th scope="col">Mode</th>
                <th scope="col">Tracks</th>
                <th scope="col">Matches today</th>
                <th scope="col">30 days</th>
                <th scope="col">Status</th>
                {may && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {nodes.map((keyword) => (
                <KeywordRow
                  key={keyword.id}
                  keyword={keyword}
                  cap={keywords.data?.usage.perKeywordDailyCap ?? 0}
                />
              ))}
            </tbody>
          </table>
        </div>
      </QueryState>
    </Page>
  );
}
