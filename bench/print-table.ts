/** A table in Markdown's pipe syntax, numbers right-aligned, ready to paste into the docs. */
export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells: string[]): string =>
    '| ' + cells.map((cell, column) => cell.padStart(widths[column])).join(' | ') + ' |';
  console.log(line(headers));
  console.log('|' + widths.map((width) => '-'.repeat(width + 2)).join('|') + '|');
  for (const row of rows) console.log(line(row));
}
