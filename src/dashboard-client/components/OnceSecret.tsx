import type { ReactNode } from 'react';
import { CopyButton } from './CopyButton';

/** A secret the server shows once: in full, selectable, with a copy button and a warning. */
export function OnceSecret({
  title,
  secret,
  children,
}: {
  title: string;
  secret: string;
  children?: ReactNode;
}) {
  return (
    <section className="once-secret" aria-label={title}>
      <h2>{title}</h2>
      <p>Copy it now: it is shown once and never again.</p>
      <p>
        <code className="secret">{secret}</code> <CopyButton text={secret} />
      </p>
      {children}
    </section>
  );
}
