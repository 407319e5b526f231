/**
 * Operator command: set a user's membership type (free or admin), or one workspace's.
 *
 *   npm run set-membership -- --email someone@example.com --type admin
 *   npm run set-membership -- --workspace <workspace id> --type admin
 *
 * A user's type applies to their personal workspace and to every workspace they own (a
 * workspace's limits are its owner's plan); --workspace lifts or lowers one workspace alone.
 *
 * Offline it uses the running twin (`npm start`, endpoints from twin.json in its data folder:
 * --data-dir, else ONECLICK_DATA_DIR as `npm start` reads it, else .data). Against AWS,
 * pass --aws with --user-pool-id and the memberships table name in TABLE_MEMBERSHIPS, using
 * your usual AWS credentials.
 */
import './quietSdk';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { membershipTypes, type Membership, type MembershipType } from '../../shared/api/membership';
import { emailSchema } from '../../shared/validation';
import { createMembershipService } from '../../functions/services/memberships';
import { createMaillessWorkspaceService } from '../../functions/services/workspaces';
import { readTableNames } from '../../functions/config';
import { systemClock } from '../../functions/clock';
import { localCredentials, localRegion } from './environment';
import { twinDataDir, twinInfoFile } from './dataDir';

export interface SetMembershipTarget {
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  db: DynamoDBDocumentClient;
  membershipsTable: string;
}

export class UnknownUser extends Error {}

/** Finds the user by email in the pool and sets their membership type. */
export async function setMembership(target: SetMembershipTarget, email: string, type: MembershipType): Promise<Membership> {
  const { Users } = await target.cognito.send(
    new ListUsersCommand({ UserPoolId: target.userPoolId, Filter: `email = "${email.replace(/"/g, '')}"`, Limit: 2 }),
  );
  const user = Users?.[0];
  const sub = user?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value ?? user?.Username;
  if (!user || !sub) throw new UnknownUser(`No user with the email ${email} in pool ${target.userPoolId}`);
  const service = createMembershipService({ db: target.db, tableName: target.membershipsTable, clock: systemClock });
  const workspaces = workspaceService(target);
  for (const workspaceId of await workspaces.ownedBy(sub)) {
    if (workspaceId !== sub) await service.setType({ userId: workspaceId, email }, type);
  }
  return service.setType({ userId: sub, email }, type);
}

function workspaceService(target: SetMembershipTarget) {
  return createMaillessWorkspaceService({ db: target.db, tableName: target.membershipsTable, clock: systemClock }, 'The operator command');
}

/** Sets one shared workspace's membership type (its limits), whoever owns it. */
export async function setWorkspaceMembership(target: SetMembershipTarget, workspaceId: string, type: MembershipType): Promise<Membership> {
  const workspace = await workspaceService(target).isSharedWorkspace(workspaceId);
  if (!workspace) throw new UnknownUser(`No shared workspace with the id ${workspaceId} (a personal workspace's plan is its user's: use --email)`);
  const service = createMembershipService({ db: target.db, tableName: target.membershipsTable, clock: systemClock });
  const current = await service.ensure({ userId: workspaceId, email: '' });
  return service.setType({ userId: workspaceId, email: current.userEmail }, type);
}

const argsSchema = z.object({
  email: emailSchema.optional(),
  workspace: z.uuid().optional(),
  type: z.enum(membershipTypes),
  aws: z.boolean().default(false),
  'user-pool-id': z.string().optional(),
  'data-dir': z.string().optional(),
});

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      workspace: { type: 'string' },
      type: { type: 'string' },
      aws: { type: 'boolean' },
      'user-pool-id': { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  const parsed = argsSchema.refine((args) => (args.email === undefined) !== (args.workspace === undefined), 'name a user (--email) or a workspace (--workspace), not both').safeParse(values);
  if (!parsed.success) {
    throw new Error(
      `Usage: npm run set-membership -- (--email <email> | --workspace <id>) --type <${membershipTypes.join('|')}> [--aws --user-pool-id <id>]\n` +
        parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n'),
    );
  }
  const args = parsed.data;
  let target: SetMembershipTarget;
  if (args.aws) {
    if (!args['user-pool-id']) throw new Error('--aws needs --user-pool-id');
    target = {
      cognito: new CognitoIdentityProviderClient({}),
      userPoolId: args['user-pool-id'],
      db: DynamoDBDocumentClient.from(new DynamoDBClient({})),
      membershipsTable: readTableNames(process.env, ['memberships']).memberships,
    };
  } else {
    const file = twinInfoFile(twinDataDir(process.env, args['data-dir']));
    if (!existsSync(file)) throw new Error(`${file} not found: start the offline twin with "npm start" first (with the same ONECLICK_DATA_DIR).`);
    const twin = JSON.parse(readFileSync(file, 'utf8')) as {
      endpoints: { dynamodb: string; cognito: string };
      userPoolId: string;
      tableNames: { memberships: string };
    };
    const local = { region: localRegion, credentials: localCredentials };
    target = {
      cognito: new CognitoIdentityProviderClient({ ...local, endpoint: twin.endpoints.cognito }),
      userPoolId: twin.userPoolId,
      db: DynamoDBDocumentClient.from(new DynamoDBClient({ ...local, endpoint: twin.endpoints.dynamodb })),
      membershipsTable: twin.tableNames.memberships,
    };
  }
  const membership = args.workspace ? await setWorkspaceMembership(target, args.workspace, args.type) : await setMembership(target, args.email!, args.type);
  process.stdout.write(`${args.workspace ? `Workspace ${args.workspace}` : args.email} is now ${membership.membershipType} (${JSON.stringify(membership)})\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
