export type CsvCell = string | number | null;

/**
 * RFC 4180 CSV. Text cells that a spreadsheet would run as a formula (=, +, -,
 * @ first) get a leading apostrophe: project names and messages come from a
 * remote service and must not execute on the user's machine. Numbers are
 * written as numbers, so a negative figure stays a number.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}
