import { formatInstant } from './format';
import { ScrollTable } from './ScrollTable';

export interface ListedApiKey {
  id: string;
  prefix: string;
  createdAt: string;
  lastUsedAt?: string | null;
  revokedAt?: string | null;
}

/**
 * An account's API keys: each one's prefix (never the key), when it was made and last used, and
 * a Revoke button (asking first) while it still works.
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
  return (
    <ScrollTable
      label="API keys table"
      caption="API keys"
      columns={['Prefix', 'Created', 'Last used', 'Status', 'Actions']}
    >
      {keys.map((key) => (
        <tr key={key.id}>
          <th scope="row">
            <code>{key.prefix}…</code>
          </th>
          <td>{formatInstant(key.createdAt)}</td>
          <td>{key.lastUsedAt ? formatInstant(key.lastUsedAt) : 'never'}</td>
          <td>{key.revokedAt ? `Revoked ${formatInstant(key.revokedAt)}` : 'Active'}</td>
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
