import { describe, expect, inject, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { ConnectionList } from '../../../shared/api/connections';
import type { PostExport } from '../../../shared/api/imports';
import type { Post, PostPage } from '../../../shared/api/posts';
import type { ApprovalRule } from '../../../shared/api/workspaces';
import { connectThroughOAuth, sandboxAccountName } from '../../support/connect';
import { tinyJpeg, uploadMedia } from '../../support/posts';
import { prepareCsv, sendImport } from '../../support/imports';
import { createTeam, type Team } from '../../support/workspaces';
import type { TestUser } from '../../support/users';

const twin = inject('twin');
const ZONE = 'Europe/Istanbul';
const day = (daysAhead: number) => new Date(Date.now() + daysAhead * 24 * 3600_000).toISOString().slice(0, 10);

/** A workspace with an editor and a contributor, LinkedIn connected, one image named photo.jpg. */
async function setUp(tag: string) {
  const team = await createTeam(twin, ['editor', 'contributor'], tag);
  await connectThroughOAuth(twin, team.owner, 'linkedin', sandboxAccountName(tag), 'allow', team.headers);
  const accountId = ((await team.call(team.owner, 'listConnections')).body as ConnectionList).connections[0]!.platformUserId;
  expect((await team.call(team.owner, 'updateWorkspace', { body: { timeZone: ZONE } })).status).toBe(200);
  const key = await uploadMedia(twin, team.workspaceId, { kind: 'image', body: tinyJpeg });
  return { team, accountId, mediaByName: { 'photo.jpg': key }, editor: team.members.editor!, contributor: team.members.contributor! };
}

/** Every post of the workspace in a list. */
async function listed(team: Team, user: TestUser, status: 'scheduled' | 'draft'): Promise<Post[]> {
  return ((await team.call(user, 'listPosts', { query: { status, limit: '100' } })).body as PostPage).posts;
}

const setRule = async (team: Team, approvalRule: ApprovalRule) => expect((await team.call(team.owner, 'updateWorkspace', { body: { approvalRule } })).status).toBe(200);

describe.concurrent('CSV import (API, twin)', () => {
  it('a dry run reports every row and creates nothing; the import schedules and drafts them; importing the file again creates nothing twice', async () => {
    const { team, accountId, mediaByName, editor } = await setUp('csv-import');
    const csv = [
      'text;accounts;media;time;first_comment',
      `Launch day;linkedin:${accountId};photo.jpg;${day(3)} 09:00;`,
      `"Two lines\nof text";linkedin:${accountId};photo.jpg;${day(4)}T10:00:00+00:00;Thanks!`,
      `An idea for later;linkedin:${accountId};;;`,
      `No photo;linkedin:${accountId};;${day(5)} 09:00;`,
      `Unknown account;linkedin:nobody;photo.jpg;${day(5)} 09:00;`,
      `Past;linkedin:${accountId};photo.jpg;2020-01-01 09:00;`,
      `Missing file;linkedin:${accountId};holiday.jpg;${day(5)} 09:00;`,
    ].join('\n');
    const prepared = await prepareCsv(team, editor, csv, { timeZone: ZONE, mediaByName });

    // Refused in the browser, before sending: the account, the file.
    expect(prepared.problems).toEqual([
      { line: 7, column: 'accounts', message: 'No connected LinkedIn account is called "nobody" in this workspace.' },
      { line: 9, column: 'media', message: 'No file called "holiday.jpg" was chosen.' },
    ]);
    const dryRun = await sendImport(team, editor, prepared, true);
    expect(dryRun).toEqual([
      { line: 2, outcome: 'accepted', becomes: 'scheduled', postId: null, problems: [] },
      { line: 3, outcome: 'accepted', becomes: 'scheduled', postId: null, problems: [] },
      { line: 5, outcome: 'accepted', becomes: 'drafted', postId: null, problems: [] },
      // The createPost schema's own message, at the column a person fixes.
      { line: 6, outcome: 'refused', becomes: null, postId: null, problems: [{ column: 'media', message: 'Add a video or an image.' }] },
      { line: 8, outcome: 'refused', becomes: null, postId: null, problems: [{ column: 'time', message: 'The scheduled time is in the past.' }] },
    ]);
    expect(await listed(team, editor, 'scheduled')).toEqual([]);
    expect(await listed(team, editor, 'draft')).toEqual([]);

    const imported = await sendImport(team, editor, prepared, false);
    expect(imported.map(({ line, outcome }) => ({ line, outcome }))).toEqual([
      { line: 2, outcome: 'scheduled' },
      { line: 3, outcome: 'scheduled' },
      { line: 5, outcome: 'drafted' },
      { line: 6, outcome: 'refused' },
      { line: 8, outcome: 'refused' },
    ]);
    const scheduled = await listed(team, editor, 'scheduled');
    expect(scheduled.map((post) => [post.description, post.scheduledFor, post.timeZone, post.firstComment ?? null])).toEqual([
      ['Launch day', new Date(`${day(3)}T06:00:00Z`).toISOString(), ZONE, null],
      ['Two lines\nof text', new Date(`${day(4)}T10:00:00Z`).toISOString(), ZONE, 'Thanks!'],
    ]);
    expect((await listed(team, editor, 'draft')).map((post) => post.description)).toEqual(['An idea for later']);

    // The same file again: every row found, nothing created twice.
    const again = await sendImport(team, editor, await prepareCsv(team, editor, csv, { timeZone: ZONE, mediaByName }), false);
    expect(again.filter((row) => row.outcome !== 'refused')).toEqual(
      imported.filter((row) => row.outcome !== 'refused').map((row) => ({ ...row, outcome: 'alreadyImported' })),
    );
    expect(await listed(team, editor, 'scheduled')).toHaveLength(2);
    expect(await listed(team, editor, 'draft')).toHaveLength(1);
  });

  it('an import cut off after some rows, then run twice at once and again, ends with each row once', async () => {
    const { team, accountId, mediaByName, editor } = await setUp('csv-cut');
    const rows = Array.from({ length: 12 }, (_unused, index) => `Post ${index + 1},linkedin:${accountId},photo.jpg,${day(2)} ${String(8 + (index % 10)).padStart(2, '0')}:${String(index).padStart(2, '0')}`);
    const csv = ['text,accounts,media,time', ...rows].join('\r\n');
    const prepared = await prepareCsv(team, editor, csv, { timeZone: ZONE, mediaByName });

    // Cut off after 5 rows (the browser closed): 5 posts.
    expect((await sendImport(team, editor, prepared, false, 5)).map((row) => row.outcome)).toEqual(Array(5).fill('scheduled'));
    // Run again twice at the same moment: every row is created by exactly one run.
    const [first, second] = await Promise.all([sendImport(team, editor, prepared, false), sendImport(team, editor, prepared, false)]);
    for (const [index, row] of first.entries()) {
      const other = second[index]!;
      const outcomes = [row.outcome, other.outcome];
      if (index < 5) expect(outcomes).toEqual(['alreadyImported', 'alreadyImported']);
      else expect(outcomes.filter((outcome) => outcome === 'scheduled'), JSON.stringify([row, other])).toHaveLength(1);
    }
    const final = await sendImport(team, editor, prepared, false);
    expect(final.map((row) => row.outcome)).toEqual(Array(12).fill('alreadyImported'));
    const scheduled = await listed(team, editor, 'scheduled');
    expect(scheduled.map((post) => post.description).sort()).toEqual(rows.map((_row, index) => `Post ${index + 1}`).sort());
  });

  it('a contributor\'s rows are submitted for approval where the rule says so, and refused in words where approvals are off', async () => {
    const { team, accountId, mediaByName, contributor } = await setUp('csv-approval');
    const csv = ['text,accounts,media,time', `Please approve,linkedin:${accountId},photo.jpg,${day(3)} 09:00`, `A draft,linkedin:${accountId},photo.jpg,`].join('\n');

    const dryRun = await sendImport(team, contributor, await prepareCsv(team, contributor, csv, { timeZone: ZONE, mediaByName }), true);
    expect(dryRun.map(({ outcome, becomes }) => [outcome, becomes])).toEqual([
      ['accepted', 'submitted'],
      ['accepted', 'drafted'],
    ]);
    const imported = await sendImport(team, contributor, await prepareCsv(team, contributor, csv, { timeZone: ZONE, mediaByName }), false);
    expect(imported.map((row) => row.outcome)).toEqual(['submitted', 'drafted']);
    const submitted = (await team.call(team.owner, 'getPost', { path: { postId: imported[0]!.postId! } })).body as Post;
    expect(submitted).toMatchObject({ status: 'scheduled', approval: { state: 'pending', submittedByEmail: contributor.email } });

    await setRule(team, 'off');
    const other = ['text,accounts,media,time', `Off,linkedin:${accountId},photo.jpg,${day(3)} 10:00`].join('\n');
    const refused = await sendImport(team, contributor, await prepareCsv(team, contributor, other, { timeZone: ZONE, mediaByName }), true);
    expect(refused).toEqual([
      {
        line: 2,
        outcome: 'refused',
        becomes: null,
        postId: null,
        problems: [{ column: '', message: 'Your role in this workspace (contributor) cannot publish or schedule posts, and approvals are off here: save it as a draft; an editor publishes it.' }],
      },
    ]);
  });

  it('a row whose time is `queue` goes to the account\'s next free queue slot, once', async () => {
    const { team, accountId, mediaByName, editor } = await setUp('csv-queue');
    const csv = ['text,accounts,media,time', `Queued from a CSV,linkedin:${accountId},photo.jpg,queue`].join('\n');
    const prepared = await prepareCsv(team, editor, csv, { timeZone: ZONE, mediaByName });
    const dryRun = await sendImport(team, editor, prepared, true);
    expect(dryRun, JSON.stringify(dryRun)).toEqual([{ line: 2, outcome: 'accepted', becomes: 'scheduled', postId: null, problems: [] }]);
    const [row] = await sendImport(team, editor, prepared, false);
    expect(row, JSON.stringify(row)).toMatchObject({ line: 2, outcome: 'scheduled' });
    const post = (await team.call(editor, 'getPost', { path: { postId: row!.postId! } })).body as Post;
    expect(post).toMatchObject({ status: 'scheduled', description: 'Queued from a CSV' });
    expect(new Date(post.scheduledFor!).getTime()).toBeGreaterThan(Date.now());
    expect((await sendImport(team, editor, prepared, false)).map((again) => again.outcome)).toEqual(['alreadyImported']);
    expect(await listed(team, editor, 'scheduled')).toHaveLength(1);
  });

  it('refuses a row naming a file of another workspace, and a body that is not a post, each in its row', async () => {
    const { team, accountId, editor } = await setUp('csv-foreign');
    const stranger = await createTeam(twin, [], 'csv-stranger');
    const foreignKey = await uploadMedia(twin, stranger.workspaceId, { kind: 'image', body: tinyJpeg });
    const csv = ['text,accounts,media,time', `Theirs,linkedin:${accountId},theirs.jpg,${day(3)} 09:00`].join('\n');
    const prepared = await prepareCsv(team, editor, csv, { timeZone: ZONE, mediaByName: { 'theirs.jpg': foreignKey } });
    const [row] = await sendImport(team, editor, prepared, false);
    expect(row).toMatchObject({ line: 2, outcome: 'refused', problems: [{ column: '', message: `The file ${foreignKey} is not one of your uploads.` }] });

    const answer = await team.call(editor, 'importPosts', { body: { fileId: prepared.fileId, dryRun: true, rows: [{ line: 2, rowHash: '0'.repeat(64), timing: 'scheduled', post: { description: 5 } }] } });
    expect(answer.status).toBe(200);
    expect((answer.body as { rows: Array<{ problems: Array<{ column: string }> }> }).rows[0]!.problems.map((problem) => problem.column)).toEqual(['text', 'accounts', 'media']);
    expect(await listed(team, editor, 'scheduled')).toEqual([]);
  });
});

describe('CSV export (API, twin)', () => {
  it('exports what a list and its filter show, one row per account, with formulas neutralised', async () => {
    const { team, accountId, mediaByName, editor } = await setUp('csv-export');
    const csv = ['text,accounts,media,time', `"=HYPERLINK(""http://evil.example"")",linkedin:${accountId},photo.jpg,${day(3)} 09:00`, `Plain,linkedin:${accountId},photo.jpg,${day(20)} 09:00`].join('\n');
    const imported = await sendImport(team, editor, await prepareCsv(team, editor, csv, { timeZone: ZONE, mediaByName }), false);
    expect(imported.map((row) => row.outcome)).toEqual(['scheduled', 'scheduled']);

    const all = (await team.call(editor, 'exportPosts', { query: { status: 'scheduled' } })).body as PostExport;
    expect(all.fileName).toMatch(/^oneclick-scheduled-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = parse(all.csv, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(records.map((record) => [record['text'], record['platform'], record['target_status'], record['time_zone']])).toEqual([
      ['\'=HYPERLINK("http://evil.example")', 'LinkedIn', 'pending', ZONE],
      ['Plain', 'LinkedIn', 'pending', ZONE],
    ]);
    // A date range: only the first.
    const ranged = (await team.call(editor, 'exportPosts', { query: { status: 'scheduled', from: day(2), to: day(4) } })).body as PostExport;
    expect(ranged.rows).toBe(1);
    const other = (await team.call(editor, 'exportPosts', { query: { status: 'scheduled', platform: 'x' } })).body as PostExport;
    expect(other.rows).toBe(0);
    const wrong = await team.call(editor, 'exportPosts', { query: { status: 'scheduled', from: day(4), to: day(2) } });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('The end date is before the start date.');
  });
});
