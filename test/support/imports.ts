import type { ConnectionList } from '../../shared/api/connections';
import { IMPORT_BATCH_ROWS, type ImportResult, type RowOutcome } from '../../shared/api/imports';
import { parseImportCsv } from '../../shared/csv/parseImport';
import { prepareImport, type PreparedImport } from '../../shared/csv/importRows';
import type { Team } from './workspaces';
import type { TestUser } from './users';

/** The workspace's connected accounts as the import matches them (what the dialog reads from GET /connections). */
export async function importAccounts(team: Pick<Team, 'call'>, user: TestUser) {
  const { connections } = (await team.call(user, 'listConnections')).body as ConnectionList;
  return connections.map((connection) => ({ platform: connection.platform, accountId: connection.platformUserId, username: connection.username, displayName: connection.displayName }));
}

/** A CSV made ready as the import dialog makes it; media references are names of keys already uploaded. */
export async function prepareCsv(team: Pick<Team, 'call'>, user: TestUser, csv: string, options: { timeZone: string; mediaByName: Record<string, string> }): Promise<PreparedImport> {
  return prepareImport(csv, parseImportCsv(csv), { accounts: await importAccounts(team, user), timeZone: options.timeZone, queue: true }, async (reference) =>
    options.mediaByName[reference] ? { key: options.mediaByName[reference] } : { problem: `No file called "${reference}" was chosen.` },
  );
}

/** Sends the prepared rows in batches as the dialog does (only the first `rowLimit`: an import cut off there); the outcomes in order. */
export async function sendImport(team: Pick<Team, 'call'>, user: TestUser, prepared: PreparedImport, dryRun: boolean, rowLimit = Infinity): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  const rows = prepared.rows.slice(0, rowLimit);
  for (let start = 0; start < rows.length; start += IMPORT_BATCH_ROWS) {
    const answer = await team.call(user, 'importPosts', { body: { fileId: prepared.fileId, dryRun, rows: rows.slice(start, start + IMPORT_BATCH_ROWS) } });
    if (answer.status !== 200) throw new Error(`POST /imports answered ${answer.status}: ${answer.text}`);
    outcomes.push(...(answer.body as ImportResult).rows);
  }
  return outcomes;
}
