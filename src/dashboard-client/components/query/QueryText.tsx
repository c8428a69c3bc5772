import type { QueryPart } from './query-check';

/** A query's parts, each coloured by its kind (styles.css, `.q-…`); the refused part marked. */
export function QueryText({ parts }: { parts: readonly QueryPart[] }) {
  return (
    <>
      {parts.map((part, index) => {
        if (part.kind === null) return part.text;
        if (part.kind === 'error') {
          return (
            <mark key={index} className={part.text === '' ? 'q-error q-error-end' : 'q-error'}>
              {part.text}
            </mark>
          );
        }
        return (
          <span key={index} className={`q-${part.kind}`}>
            {part.text}
          </span>
        );
      })}
    </>
  );
}
