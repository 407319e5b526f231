import { createWorkspaceService, type WorkspaceService } from '../services/workspaces';
import { mail } from './mail';
import { clock, documentClient, siteUrl, tableName } from './shared';

let service: WorkspaceService | undefined;
/** Workspaces, members and invitations (the memberships table). The mailer is built on first use: only inviting sends mail. */
export function workspaces(): WorkspaceService {
  return (service ??= createWorkspaceService({
    db: documentClient(),
    tableName: tableName('memberships'),
    clock,
    mailer: { send: (message) => mail().send(message) },
    siteUrl,
  }));
}
