/**
 * The CSV reading the market bundle and its importer share: quoted fields with commas and doubled
 * quotes, CRLF or LF, a leading BOM. `splitCsvLine` reads one line of a file whose fields never span
 * lines (the market bundle's hot path); `parseCsvRecords` reads any RFC 4180 document.
 */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out;
}

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks; a BOM is dropped. */
export function parseCsvRecords(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i += 1) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i += 1;
      row.push(field);
      field = '';
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
    } else field += ch;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

/** Rows as records keyed by the trimmed header; blank rows are skipped, values trimmed. */
export function parseCsv(text: string): Record<string, string>[] {
  const [header, ...body] = parseCsvRecords(text).filter((row) => row.some((f) => f.trim() !== ''));
  if (header === undefined) return [];
  const names = header.map((h) => h.trim());
  return body.map((fields) => Object.fromEntries(names.map((n, i) => [n, (fields[i] ?? '').trim()])));
}

export type CsvCell = string | number | null;

/**
 * One CSV document (RFC 4180, CRLF). Text that a spreadsheet would run as a formula (=, +, -, @,
 * tab, CR at the start) is prefixed with an apostrophe; numbers, and text that is only a number
 * such as "-12.50", are written as they are.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const cell = (value: CsvCell): string => {
    if (value === null) return '';
    if (typeof value === 'number') return String(value);
    const formula = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value);
    const text = formula ? `'${value}` : value;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
