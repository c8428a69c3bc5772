import { useId } from 'react';
import { ErrorNotice } from '../ErrorNotice';
import { formatInstant } from '../format';
import type { PreviewKeywordQuery } from '../../gql/graphql';
import { HourChart } from './HourChart';
import { MarkedText } from './MarkedText';

export type Preview = PreviewKeywordQuery['previewKeyword'];
type Sample = Preview['samples'][number];

const HOUR_MS = 3_600_000;
/** The window's hours when no preview has said it yet (RECENT_ITEMS_HOURS' default). */
export const DEFAULT_WINDOW_HOURS = 24;
const SAMPLES_SHOWN = 5;
const EXCERPT_LENGTH = 240;

/** How many hours the preview's window spans. */
export const windowHoursOf = (preview: Preview | undefined): number =>
  preview === undefined
    ? DEFAULT_WINDOW_HOURS
    : Math.max(1, Math.round((Date.parse(preview.to) - Date.parse(preview.from)) / HOUR_MS));

const count = (n: number) => n.toLocaleString('en');

/** The matches a day the window's count comes to, when it would pass the daily cap. */
export function capOverrun(preview: Preview): { perDay: number } | null {
  const perDay = Math.round((preview.matches * 24) / windowHoursOf(preview));
  return preview.daysOverCap > 0 || perDay > preview.dailyCap ? { perDay } : null;
}

function CapWarning({ preview }: { preview: Preview }) {
  const overrun = capOverrun(preview);
  if (overrun === null) return null;
  return (
    <p className="preview-warning">
      <strong>Past the daily cap:</strong> about {count(overrun.perDay)} matches a day against a cap
      of {count(preview.dailyCap)} per keyword
      {preview.daysOverCap > 0 &&
        ` (passed on ${preview.daysOverCap} ${preview.daysOverCap === 1 ? 'day' : 'days'} of the window)`}
      . Matches past the cap are held back, not sent: narrow the rule with a query or filters.
    </p>
  );
}

function SampleItem({ sample }: { sample: Sample }) {
  const spans = (field: string) => sample.highlights.filter((span) => span.field === field);
  const body = sample.event === 'comment' ? 'comment' : 'selftext';
  const bodyText = (sample.event === 'comment' ? sample.comment : sample.selftext) ?? '';
  return (
    <li className="preview-sample">
      <p className="sample-title">
        <a href={sample.url} target="_blank" rel="noopener noreferrer">
          <MarkedText text={sample.title} spans={spans('title')} />
        </a>
      </p>
      <p className="meta">
        <span className="badge">{sample.event}</span> r/{sample.subreddit} · u/{sample.author} ·{' '}
        {formatInstant(sample.timestamp)}
      </p>
      {bodyText !== '' && (
        <p className="excerpt">
          <MarkedText text={bodyText} spans={spans(body)} maxLength={EXCERPT_LENGTH} />
        </p>
      )}
    </li>
  );
}

/** What the keyword being typed would have matched in the recent window. */
export function KeywordPreview({
  keyword,
  preview,
  updating,
  waiting,
  error,
}: {
  keyword: string;
  preview: Preview | undefined;
  updating: boolean;
  waiting: boolean;
  error: unknown;
}) {
  const id = useId();
  const hours = windowHoursOf(preview);
  return (
    <section className="preview" aria-labelledby={`${id}-title`} aria-busy={updating}>
      <h3 id={`${id}-title`}>Preview of “{keyword}”</h3>
      {waiting ? (
        <p className="hint" aria-live="polite">
          Many previews were asked for in the last minute: this one follows in a few seconds.
        </p>
      ) : (
        error !== null && <ErrorNotice error={error} />
      )}
      {preview === undefined ? (
        !waiting && error === null && <p className="hint">Looking at the last {hours} hours…</p>
      ) : (
        <>
          <p className="preview-count" aria-live="polite">
            <strong>
              {preview.estimated ? 'About ' : ''}
              {count(preview.matches)} {preview.matches === 1 ? 'match' : 'matches'}
            </strong>{' '}
            in the last {hours} hours, among {count(preview.itemsSearched)} items
            {preview.estimated && ' (estimated from a sample)'}
            {updating && <span className="hint"> · updating…</span>}
          </p>
          <CapWarning preview={preview} />
          {preview.matches > 0 && (
            <div className="preview-parts">
              <div>
                <h4>Per hour</h4>
                <HourChart perHour={preview.perHour} />
              </div>
              <div>
                <h4>Top subreddits</h4>
                <ol className="preview-subreddits">
                  {preview.subreddits.slice(0, 5).map(({ subreddit, matches }) => (
                    <li key={subreddit}>
                      r/{subreddit}: {count(matches)}
                    </li>
                  ))}
                </ol>
              </div>
            </div>
          )}
          {preview.samples.length > 0 && (
            <>
              <h4>Newest matches</h4>
              <ol className="preview-samples">
                {preview.samples.slice(0, SAMPLES_SHOWN).map((sample) => (
                  <SampleItem key={`${sample.event}-${sample.redditId}`} sample={sample} />
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </section>
  );
}
