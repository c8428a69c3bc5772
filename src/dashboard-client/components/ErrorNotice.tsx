import { errorCodeOf, retryAfterOf } from '../app/graphql';

/** A wait in words: "1 second", "40 seconds", "15 minutes"; "a minute" when the server named none. */
function waitInWords(ms: number | null): string {
  if (ms === null) return 'a minute';
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds === 1) return '1 second';
  return seconds <= 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}

/** A failed request, said in words and announced (role="alert"); never a bare status. */
export function ErrorNotice({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  const message =
    errorCodeOf(error) === 'rate_limited'
      ? `That was a lot at once: please try again in ${waitInWords(retryAfterOf(error))}.`
      : error instanceof Error
        ? error.message
        : 'Something went wrong.';
  return (
    <p className="error" role="alert">
      {message}
    </p>
  );
}
