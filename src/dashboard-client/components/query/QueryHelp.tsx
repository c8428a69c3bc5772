import { checkQueryText, colouredParts } from './query-check';
import { QueryText } from './QueryText';

const EXAMPLES: readonly [query: string, meaning: string][] = [
  ['acme -sub:acme', 'acme, except in r/acme'],
  [
    '("acme crm" OR acmecrm OR site:acme.io) -author:AutoModerator',
    'any of three ways to name it, never from AutoModerator',
  ],
  [
    '(alternative* OR "switch from") NEAR/6 (salesforce OR hubspot) type:post',
    'posts where one side is within 6 words of the other',
  ],
  [
    'title:("looking for" OR recommend*) crm sub:(smallbusiness,startups)',
    'asks in two subreddits',
  ],
  ['{ARC} browser', 'ARC in capitals, beside browser'],
  ['`C++20` modules', 'symbols as written'],
  ['acme type:post score:>=25 comments:>=10', 'posts that are taking off'],
];

const SYNTAX: readonly [written: readonly string[], meaning: string][] = [
  [['word', '"a phrase"'], 'a whole word; an exact phrase'],
  [['plug*', '"switch f*"'], 'prefixes, with 3 letters or more before the *'],
  [['{ACME}', '`c++`'], 'case-sensitive; a literal, symbols as written'],
  [['a b', 'a OR b', '-a', 'NOT a'], 'AND (a space), OR, NOT; operators in capitals'],
  [['(a OR b) c'], 'parentheses group'],
  [['a NEAR/5 b', 'a ONEAR/5 b'], 'within 5 words; a before b'],
  [['title:a', 'body:(a OR b)'], 'only in the title; only in the body'],
  [
    ['sub:(a,b)', 'author:name', 'flair:"text"', 'site:example.com'],
    'where it was posted, by whom, with which flair, linking where',
  ],
  [
    ['type:post', 'self:yes', 'nsfw:no', 'lang:en', 'score:>=10', 'comments:>=5'],
    'what the item is (score and comments are checked again 1 h and 6 h later)',
  ],
];

/** "How to write a query": the syntax at a glance and examples, coloured as the field colours them. */
export function QueryHelp({ id }: { id: string }) {
  return (
    <section id={id} className="query-help" aria-label="How to write a query">
      <p>
        A query says what must occur. Without one, the keyword matches its text as its mode says;
        with one, the mode plays no part, and the filters still apply.
      </p>
      <table>
        <tbody>
          {SYNTAX.map(([written, meaning]) => (
            <tr key={written.join(' ')}>
              <th scope="row">
                {written.map((form) => (
                  <code key={form} className="query-code">
                    <QueryText parts={colouredParts(form)} />
                  </code>
                ))}
              </th>
              <td>{meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Examples:</p>
      <ul>
        {EXAMPLES.map(([query, meaning]) => (
          <li key={query}>
            <code className="query-code">
              <QueryText parts={checkQueryText(query).parts} />
            </code>{' '}
            — {meaning}
          </li>
        ))}
      </ul>
    </section>
  );
}
