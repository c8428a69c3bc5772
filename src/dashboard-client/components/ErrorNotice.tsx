import { errorCodeOf } from '../app/graphql';

const RATE_LIMITED = 'Too many requests: wait a minute, then try again.';

/** A failed request, said in words and announced (role="alert"). */
export function ErrorNotice({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  const message =
    errorCodeOf(error) === 'rate_limited'
      ? RATE_LIMITED
      : error instanceof Error
        ? error.message
        : 'Something went wrong.';
  return (
    <p className="error" role="alert">
      {message}
    </p>
  );
}
