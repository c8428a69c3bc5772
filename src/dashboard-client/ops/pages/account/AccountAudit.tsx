import { formatInstant } from '../../../components/format';
import type { Detail } from './account-detail';
import { ScrollTable } from '../../../components/ScrollTable';

export function Audit({ detail }: { detail: Detail }) {
  return (
    <section aria-labelledby="account-audit">
      <h2 id="account-audit">Audit log</h2>
      {detail.auditEntries.length === 0 ? (
        <p className="empty">No operator action yet.</p>
      ) : (
        <ScrollTable
          label="Audit log table"
          caption="Operator actions, newest first"
          columns={['When', 'Operator', 'Action', 'On', 'Before', 'After']}
        >
          {detail.auditEntries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatInstant(entry.at)}</td>
              <td>{entry.operatorEmail}</td>
              <th scope="row">{entry.action}</th>
              <td>{entry.target}</td>
              <td>
                <AuditFields json={entry.before} />
              </td>
              <td>
                <AuditFields json={entry.after} />
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}

/** An entry's changed fields, one "name: value" per line. */
function AuditFields({ json }: { json: string | null }) {
  if (json === null) return <>—</>;
  const fields = Object.entries(JSON.parse(json) as Record<string, unknown>);
  return (
    <>
      {fields.map(([name, value]) => (
        <div key={name}>
          {name}: <code>{String(value)}</code>
        </div>
      ))}
    </>
  );
}
