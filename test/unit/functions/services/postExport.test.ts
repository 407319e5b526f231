import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { exportColumns, exportCsv, neutralizedCell } from '../../../../functions/services/postExport';

const row = (overrides: Partial<Record<(typeof exportColumns)[number], string | number | null>>) =>
  ({ ...Object.fromEntries(exportColumns.map((column) => [column, null])), ...overrides }) as Record<(typeof exportColumns)[number], string | number | null>;

describe('CSV export', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    for (const risky of ['=SUM(A1)', '+1', '-2+3', '@cmd', '\tTab', '\rCR']) expect(neutralizedCell(risky)).toBe(`'${risky}`);
    for (const safe of ['Hello', '50% off', 'a=b', '']) expect(neutralizedCell(safe)).toBe(safe);
  });

  it('writes a byte order mark, the header, CRLF lines, quotes where needed, and numbers as numbers', () => {
    const csv = exportCsv([row({ post_id: 'P1', text: 'Line one\n"quoted", with a comma', title: '=HYPERLINK("http://evil")', views: 120, likes: 0 })]);
    expect(csv.startsWith('\uFEFFpost_id,list,')).toBe(true);
    expect(csv).toContain('\r\n');
    const [record] = parse(csv, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(record).toMatchObject({ post_id: 'P1', text: 'Line one\n"quoted", with a comma', title: '\'=HYPERLINK("http://evil")', views: '120', likes: '0', link: '' });
  });
});
