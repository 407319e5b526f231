// The browser build (its own Buffer): the same parser in the import dialog and in Node.
import { parse, CsvError } from 'csv-parse/browser/esm/sync';
import { importColumnNames, importColumns, normalizedHeader } from './importColumns';

/** One data row of the file: its first line in the file (1 is the header) and its cells by column. */
export interface ImportRow {
  line: number;
  cells: Record<string, string>;
}

/** What is wrong, where: the line (the row's first line), the column (empty: the whole row) and why, in words. */
export interface RowProblem {
  line: number;
  column: string;
  message: string;
}

export interface ParsedImport {
  delimiter: ',' | ';';
  rows: ImportRow[];
  /** Problems of the file or of single rows found while reading it (a row with one is not in `rows`). */
  problems: RowProblem[];
}

/** At most this many rows in one file (docs/csv.md): a bigger import is split into files. */
export const MAX_IMPORT_ROWS = 5_000;

/**
 * The file's separator: the header line's `,` or `;`, whichever it has more of outside quotes
 * (a spreadsheet in a language with a decimal comma saves with `;`).
 */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && character === ',') commas += 1;
    else if (!quoted && character === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** The template to download: the header, then one example row, written with the same columns the parser reads. */
export function importTemplate(): string {
  const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return `${[importColumnNames, importColumns.map((column) => column.example)].map((cells) => cells.map(quote).join(',')).join('\r\n')}\r\n`;
}

/**
 * Reads a posts CSV (UTF-8, a byte order mark tolerated, `,` or `;` detected) with csv-parse:
 * quoted cells may hold separators, quotes ("") and line breaks. Each row keeps the line it
 * starts on, so a problem names the line a spreadsheet shows. Unknown columns, a row with more
 * cells than the header and an unclosed quote are reported in words, never guessed.
 */
export function parseImportCsv(text: string): ParsedImport {
  const delimiter = detectDelimiter(text.replace(/^\uFEFF/, ''));
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, { bom: true, delimiter, info: true, relax_column_count: true }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = Number((error as CsvError & { lines?: number }).lines ?? 0);
    const message =
      error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? `A quote (") opened on or before line ${line} is never closed: close it, or double a quote inside a cell ("").`
        : `The file could not be read as CSV near line ${line}: check its quotes and separators.`;
    return { delimiter, rows: [], problems: [{ line, column: '', message }] };
  }
  const [header, ...body] = records;
  if (!header || header.record.every((cell) => !cell.trim())) {
    return { delimiter, rows: [], problems: [{ line: 1, column: '', message: 'The file is empty: its first line must name the columns (download the template).' }] };
  }
  const problems: RowProblem[] = [];
  const columns = header.record.map(normalizedHeader);
  for (const [index, column] of columns.entries()) {
    if (!importColumnNames.includes(column)) {
      problems.push({ line: 1, column: header.record[index]!, message: `There is no column "${header.record[index]}": the columns are ${importColumnNames.join(', ')}.` });
    } else if (columns.indexOf(column) !== index) {
      problems.push({ line: 1, column, message: `The column ${column} appears twice.` });
    }
  }
  if (problems.length) return { delimiter, rows: [], problems };

  const rows: ImportRow[] = [];
  let previousEnd = header.info.lines;
  for (const { record, info } of body) {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    if (record.every((cell) => !cell.trim())) continue;
    if (record.length > columns.length) {
      problems.push({ line, column: '', message: `This row has ${record.length} cells but the header names ${columns.length} columns: quote a cell that holds the separator.` });
      continue;
    }
    rows.push({ line, cells: Object.fromEntries(columns.map((column, index) => [column, record[index] ?? ''])) });
  }
  if (rows.length + problems.length > MAX_IMPORT_ROWS) {
    return { delimiter, rows: [], problems: [{ line: 1, column: '', message: `The file has ${rows.length + problems.length} rows; an import takes at most ${MAX_IMPORT_ROWS}: split it into several files.` }] };
  }
  return { delimiter, rows, problems };
}
