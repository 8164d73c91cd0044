/**
 * Prints a small aligned table: the first row is the header. Every bench prints its results this way, so
 * that `npm run bench` reads as one report.
 *
 * @param title - What the table measures.
 * @param rows - The header row, then one row per measure.
 */
export function printTable(title: string, rows: readonly (readonly string[])[]): void {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  const line = (row: readonly string[]): string =>
    `| ${widths.map((width, column) => (row[column] ?? '').padEnd(width)).join(' | ')} |`
  console.log(`\n${title}\n`)
  rows.forEach((row, index) => {
    console.log(line(row))
    if (index === 0) console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`)
  })
  console.log('')
}
