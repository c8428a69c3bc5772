import { useId, useMemo, useRef, useState } from 'react';
import { checkQueryText } from './query-check';
import { QueryHelp } from './QueryHelp';
import { QueryText } from './QueryText';

/** What a form sends for the field: null when it is blank. */
export const queryToSend = (text: string): string | null => (text.trim() === '' ? null : text);

/** Whether the field holds a query the server would refuse. */
export const isQueryRefused = (text: string): boolean =>
  queryToSend(text) !== null && checkQueryText(text).problem !== null;

/**
 * The keyword form's optional query. The text is typed in a transparent textarea over a mirror
 * that shows it coloured, the refused part marked; the parser's message is shown below it.
 */
export function QueryField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const mirror = useRef<HTMLPreElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const check = useMemo(
    () => (queryToSend(value) === null ? null : checkQueryText(value)),
    [value],
  );
  const problem = check?.problem ?? null;
  return (
    <div className="field">
      <label htmlFor={`${id}-query`}>Query</label>
      <div className="query-input">
        <pre className="query-mirror" aria-hidden="true" ref={mirror}>
          {check && <QueryText parts={check.parts} />}
          {'\n'}
        </pre>
        <textarea
          id={`${id}-query`}
          rows={2}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          aria-invalid={problem !== null}
          aria-describedby={`${id}-query-hint${problem ? ` ${id}-query-problem` : ''}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onScroll={(e) => {
            if (mirror.current) mirror.current.scrollTop = e.currentTarget.scrollTop;
          }}
        />
      </div>
      {problem && (
        <p className="query-problem" id={`${id}-query-problem`}>
          {problem.message}
        </p>
      )}
      <span className="hint" id={`${id}-query-hint`}>
        Optional: a search such as <code>acme -sub:acme</code>; the mode then plays no part.{' '}
        <button
          type="button"
          className="link"
          aria-expanded={helpOpen}
          aria-controls={`${id}-query-help`}
          onClick={() => setHelpOpen(!helpOpen)}
        >
          How to write a query
        </button>
      </span>
      {helpOpen && <QueryHelp id={`${id}-query-help`} />}
    </div>
  );
}
