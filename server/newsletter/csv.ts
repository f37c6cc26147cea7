/** UTF-8 byte order mark: Excel reads the file as UTF-8 only with it (names like "López"). */
export const UTF8_BOM = '\uFEFF'

/**
 * First characters that make a spreadsheet read a cell as a formula: = + - @ tab CR. PostgreSQL's export writes
 * its cells in SQL from this same list (postgres-csv-export.ts).
 */
export const FORMULA_START_CHARS = '=+-@\t\r'
const FORMULA_START = new Set([...FORMULA_START_CHARS].map((c) => c.charCodeAt(0)))

/**
 * One CSV cell (RFC 4180 quoting). Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) get
 * a leading apostrophe (OWASP "CSV injection"), since names and addresses come from the public.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""'
  let text = String(value)
  if (FORMULA_START.has(text.charCodeAt(0))) text = `'${text}`
  return text.includes('"') ? `"${text.replace(/"/g, '""')}"` : `"${text}"`
}

type CsvRow = (string | number | null | undefined)[]

/** One CSV line with its CRLF end. */
export function csvLine(row: CsvRow): string {
  return `${row.map(csvCell).join(',')}\r\n`
}

/** A whole CSV document: BOM, header row, CRLF line ends. */
export function toCsv(header: string[], rows: CsvRow[]): string {
  return UTF8_BOM + [header, ...rows].map(csvLine).join('')
}
