import type { ReactNode } from 'react';

/**
 * A list as a table: the caption (for screen readers only; the page's heading already says it to everyone), one
 * header per column, and `children` as the body rows. `busy` dims it while a reload runs; `testId` names it for
 * the browser tests.
 */
export function DataTable({
  caption,
  columns,
  busy,
  testId,
  children,
}: {
  caption: string;
  columns: readonly string[];
  busy?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className="data-table" aria-busy={busy} data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
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
