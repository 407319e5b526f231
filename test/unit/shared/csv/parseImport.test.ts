import { describe, expect, it } from 'vitest';
import { detectDelimiter, importTemplate, parseImportCsv } from '../../../../shared/csv/parseImport';
import { importColumnNames, columnOfPath } from '../../../../shared/csv/importColumns';
import { readImportRow, type ImportAccount } from '../../../../shared/csv/importRows';

const accounts: ImportAccount[] = [
  { platform: 'x', accountId: '1001', username: 'oneclick', displayName: 'One Click' },
  { platform: 'youtube', accountId: 'UC42', username: null, displayName: 'Ada Channel' },
];

describe('parseImportCsv', () => {
  it('reads a file with a byte order mark and commas, naming each row by its first line', () => {
    const parsed = parseImportCsv('\uFEFFtext,accounts,time\r\nHello,x:@oneclick,2026-12-01 09:00\r\nSecond,x:1001,\r\n');
    expect(parsed.delimiter).toBe(',');
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows).toEqual([
      { line: 2, cells: { text: 'Hello', accounts: 'x:@oneclick', time: '2026-12-01 09:00' } },
      { line: 3, cells: { text: 'Second', accounts: 'x:1001', time: '' } },
    ]);
  });

  it('detects semicolons, so a comma inside an unquoted cell stays in the text', () => {
    const parsed = parseImportCsv('Text;Accounts\nPrices: 1,50 and 2,00;x:oneclick\n');
    expect(parsed.delimiter).toBe(';');
    expect(parsed.rows[0]!.cells).toEqual({ text: 'Prices: 1,50 and 2,00', accounts: 'x:oneclick' });
  });

  it('keeps quotes, separators and line breaks inside quoted cells, and counts the lines a cell spans', () => {
    const parsed = parseImportCsv('text,accounts\n"Line one\nline ""two"", with a comma",x:oneclick\nNext,x:oneclick\n');
    expect(parsed.rows).toEqual([
      { line: 2, cells: { text: 'Line one\nline "two", with a comma', accounts: 'x:oneclick' } },
      { line: 4, cells: { text: 'Next', accounts: 'x:oneclick' } },
    ]);
  });

  it('skips empty lines but keeps the line numbers a spreadsheet shows', () => {
    const parsed = parseImportCsv('text,accounts\n\nA,x:oneclick\n,\nB,x:oneclick\n');
    expect(parsed.rows.map((row) => row.line)).toEqual([3, 5]);
  });

  it('refuses a row with more cells than the header at its line, and keeps the others', () => {
    const parsed = parseImportCsv('text,accounts\nA,x:oneclick\nB,x:oneclick,surplus\n');
    expect(parsed.rows.map((row) => row.line)).toEqual([2]);
    expect(parsed.problems).toEqual([{ line: 3, column: '', message: expect.stringContaining('3 cells but the header names 2 columns') }]);
  });

  it('says which quote is never closed', () => {
    const parsed = parseImportCsv('text,accounts\n"Open,x:oneclick\n');
    expect(parsed.rows).toEqual([]);
    expect(parsed.problems[0]!.message).toMatch(/A quote \("\) opened on or before line \d+ is never closed/);
  });

  it('names an unknown column and lists the real ones', () => {
    const parsed = parseImportCsv('text,acounts\nA,x:oneclick\n');
    expect(parsed.problems).toEqual([{ line: 1, column: 'acounts', message: expect.stringContaining('There is no column "acounts": the columns are text,') }]);
  });

  it('reads headers in any case with spaces for underscores', () => {
    expect(parseImportCsv('Text,First Comment\nA,B\n').rows[0]!.cells).toEqual({ text: 'A', first_comment: 'B' });
  });

  it('calls an empty file empty', () => {
    expect(parseImportCsv('').problems[0]!.message).toContain('The file is empty');
  });

  it('detects the separator from the header line only, outside quotes', () => {
    expect(detectDelimiter('"a;b;c",d\nx;y;z;w')).toBe(',');
    expect(detectDelimiter('a;b,c;d')).toBe(';');
  });
});

describe('the template', () => {
  it('is written from the column list the parser reads, and parses back to one row', () => {
    const template = importTemplate();
    expect(template.split('\r\n')[0]).toBe(importColumnNames.join(','));
    const parsed = parseImportCsv(template);
    expect(parsed.problems).toEqual([]);
    expect(Object.keys(parsed.rows[0]!.cells)).toEqual(importColumnNames);
  });
});

describe('columnOfPath', () => {
  it('maps the createPost schema\'s paths to the columns a person edits', () => {
    expect(columnOfPath(['description'])).toBe('text');
    expect(columnOfPath(['texts', 'x'])).toBe('text_x');
    expect(columnOfPath(['targets', 0])).toBe('accounts');
    expect(columnOfPath(['targets', 1, 'options', 'privacy'])).toBe('options');
    expect(columnOfPath(['scheduledFor'])).toBe('time');
    expect(columnOfPath(['firstComment'])).toBe('first_comment');
    expect(columnOfPath(['media', 0, 'key'])).toBe('media');
  });
});

describe('readImportRow', () => {
  const context = { accounts, timeZone: 'Europe/Istanbul', queue: false };

  it('reads a local time in the workspace\'s zone, accounts by handle, name or id, and per-network texts', () => {
    const row = readImportRow({ line: 2, cells: { text: 'Hi', text_x: 'Hi X', accounts: 'x:@OneClick | youtube:Ada Channel', time: '2026-12-01 09:00', media: 'a.jpg | https://example.com/b.png' } }, context);
    expect(row).toMatchObject({
      line: 2,
      timing: { kind: 'scheduled', scheduledFor: '2026-12-01T06:00:00.000Z', timeZone: 'Europe/Istanbul' },
      fields: { description: 'Hi', texts: { x: 'Hi X' }, targets: [{ platform: 'x', accountId: '1001' }, { platform: 'youtube', accountId: 'UC42' }] },
      mediaReferences: ['a.jpg', 'https://example.com/b.png'],
    });
  });

  it('takes an ISO time with its offset as that instant, and an empty time as a draft', () => {
    expect(readImportRow({ line: 2, cells: { accounts: 'x:1001', time: '2026-12-01T09:00:00+01:00' } }, context)).toMatchObject({ timing: { kind: 'scheduled', scheduledFor: '2026-12-01T08:00:00.000Z' } });
    expect(readImportRow({ line: 2, cells: { accounts: 'x:1001', time: '' } }, context)).toMatchObject({ timing: { kind: 'draft' } });
  });

  it('refuses, at their columns, a time that is not one, an unknown account and options that are not JSON', () => {
    expect(readImportRow({ line: 7, cells: { accounts: 'x:nobody', time: '2026-02-30 09:00', options: '{privacy' } }, context)).toEqual([
      { line: 7, column: 'time', message: '"2026-02-30 09:00" is not a real date and time.' },
      { line: 7, column: 'accounts', message: 'No connected X account is called "nobody" in this workspace.' },
    ]);
    expect(readImportRow({ line: 8, cells: { accounts: 'x:1001', options: '{privacy' } }, context)).toEqual([
      { line: 8, column: 'options', message: 'The options are not JSON: write them as {"youtube":{"privacyStatus":"unlisted","madeForKids":false}}.' },
    ]);
    expect(readImportRow({ line: 9, cells: { accounts: 'oneclick', time: 'tomorrow' } }, context)).toEqual([
      { line: 9, column: 'time', message: expect.stringContaining('"tomorrow" is not a time: write 2026-12-01 09:00 (Europe/Istanbul)') },
      { line: 9, column: 'accounts', message: expect.stringContaining('"oneclick" does not say its network') },
    ]);
  });

  it('puts a network\'s options on that network\'s accounts and refuses options for a network not chosen', () => {
    const row = readImportRow({ line: 2, cells: { accounts: 'youtube:UC42', options: '{"youtube":{"privacyStatus":"unlisted","madeForKids":false}}' } }, context);
    expect(row).toMatchObject({ fields: { targets: [{ platform: 'youtube', accountId: 'UC42', options: { privacyStatus: 'unlisted', madeForKids: false } }] } });
    expect(readImportRow({ line: 3, cells: { accounts: 'x:1001', options: '{"tiktok":{}}' } }, context)).toEqual([
      { line: 3, column: 'options', message: 'There are options for "tiktok" but no TikTok account in the accounts column.' },
    ]);
  });

  it('refuses the queue word until the queue is there', () => {
    expect(readImportRow({ line: 2, cells: { accounts: 'x:1001', time: 'Queue' } }, context)).toEqual([{ line: 2, column: 'time', message: expect.stringContaining('The queue is not available') }]);
  });
});
