import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways in a focusable region of its own (axe asks a scrolling region to
 * be reachable by keyboard), with its column headings; `children` are the body's rows.
 */
export function ScrollTable({
  label,
  caption,
  columns,
  children,
}: {
  label: string;
  /** Read by screen readers only. */
  caption?: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
