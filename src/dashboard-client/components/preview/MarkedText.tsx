import { Fragment } from 'react';
import { markedParts, type Span } from './marked-text';

/** Text with its spans in <mark>, as React text nodes (escaped), cut to `maxLength` if given. */
export function MarkedText({
  text,
  spans,
  maxLength,
}: {
  text: string;
  spans: readonly Span[];
  maxLength?: number;
}) {
  return (
    <>
      {markedParts(text, spans, maxLength).map((part, index) =>
        part.marked ? (
          <mark key={index}>{part.text}</mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
