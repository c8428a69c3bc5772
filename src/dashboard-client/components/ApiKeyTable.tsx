import { useState } from 'react';
import { formatInstant } from './format';
import { ScrollTable } from './ScrollTable';

export interface ListedApiKey {
  id: string;
  prefix: string;
  createdAt: string;
  lastUsedAt?: string | null;
  revokedAt?: string | null;
  scope: 'read' | 'write';
  expiresAt?: string | null;
}

export const SCOPE_LABELS: Record<ListedApiKey['scope'], string> = {
  read: 'Read only',
  write: 'Read and write',
};

const isExpired = (key: ListedApiKey, now: number) =>
  !!key.expiresAt && Date.parse(key.expiresAt) <= now;

function statusOf(key: ListedApiKey, now: number): string {
  if (key.revokedAt) return `Revoked ${formatInstant(key.revokedAt)}`;
  return isExpired(key, now) ? 'Expired' : 'Active';
}

/**
 * An account's API keys: each one's prefix (never the key), its scope, when it was made, last
 * used and expires (an expired key marked so), and a Revoke button (asking first) unless revoked.
 */
export function ApiKeyTable({
  keys,
  revoking,
  onRevoke,
}: {
  keys: readonly ListedApiKey[];
  revoking: boolean;
  /** Without it (a role that may not revoke) no Revoke button shows. */
  onRevoke?: (keyId: string) => void;
}) {
  // When the table was first shown: a key that expires while it is open shows so at the next visit.
  const [now] = useState(() => Date.now());
  return (
    <ScrollTable
      label="API keys table"
      caption="API keys"
      columns={['Prefix', 'Scope', 'Created', 'Last used', 'Expires', 'Status', 'Actions']}
    >
      {keys.map((key) => (
        <tr key={key.id}>
          <th scope="row">
            <code>{key.prefix}…</code>
          </th>
          <td>{SCOPE_LABELS[key.scope]}</td>
          <td>{formatInstant(key.createdAt)}</td>
          <td>{key.lastUsedAt ? formatInstant(key.lastUsedAt) : 'never'}</td>
          <td>{key.expiresAt ? formatInstant(key.expiresAt) : 'never'}</td>
          <td>{statusOf(key, now)}</td>
          <td>
            {!key.revokedAt && onRevoke && (
              <button
                type="button"
                className="danger"
                aria-label={`Revoke ${key.prefix}`}
                disabled={revoking}
                onClick={() => {
                  if (window.confirm(`Revoke the key ${key.prefix}…? It stops working at once.`)) {
                    onRevoke(key.id);
                  }
                }}
              >
                Revoke
              </button>
            )}
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}
