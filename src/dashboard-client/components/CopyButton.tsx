import { useState } from 'react';

/** Copies `text` to the clipboard and says so in a polite live region. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [status, setStatus] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus('Copied');
    } catch {
      setStatus('Copy failed: select the text and copy it by hand');
    }
  };
  return (
    <span className="copy">
      <button type="button" className="secondary" onClick={() => void copy()}>
        {label}
      </button>
      <span className="copy-status" aria-live="polite">
        {status}
      </span>
    </span>
  );
}
