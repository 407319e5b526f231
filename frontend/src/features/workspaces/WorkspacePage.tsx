import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { approvalRules, assignableRoles, type ApprovalRule, type AssignableRole, type Member, type Workspace } from '../../../../shared/api/workspaces';
import { roleMay } from '../../../../shared/api/authorization';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { ErrorBox, NoticeBox, Spinner } from '../../components/ui/Form';
import { PageTitle } from '../../components/ui/PageTitle';
import { TimeZoneCombobox } from '../../components/ui/TimeZoneCombobox';
import { ApiError } from '../../lib/apiClient';
import { useAuth } from '../auth';
import {
  useChangeRole,
  useCreateWorkspace,
  useCurrentWorkspace,
  useInviteMember,
  useLeaveWorkspace,
  useMembers,
  useRemoveMember,
  useRevokeInvitation,
  useTransferOwnership,
  useUpdateWorkspace,
  useWorkspaces,
} from './api';
import { useOpenWorkspace, workspaceName } from './WorkspaceSwitcher';
import './workspaces.css';

const reasonOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));

function useOpenWorkspacePage() {
  const open = useOpenWorkspace();
  return (workspaceId: string | undefined) => open(workspaceId, '/dashboard/workspace');
}

function CreateWorkspaceSection() {
  const { t } = useTranslation();
  const id = useId();
  const list = useWorkspaces();
  const create = useCreateWorkspace();
  const open = useOpenWorkspacePage();
  const [name, setName] = useState('');
  const left = list.data?.workspacesLeft;

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(name, { onSuccess: (workspace) => open(workspace.workspaceId) });
  }

  return (
    <section className="card workspace-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('workspaces.create.title')}</h2>
      <p className="field-hint">{t('workspaces.create.hint')}</p>
      <form onSubmit={submit} className="workspace-inline-form" noValidate>
        <div className="field">
          <label htmlFor={id}>{t('workspaces.create.name')}</label>
          <input id={id} type="text" value={name} maxLength={80} onChange={(event) => setName(event.target.value)} required />
        </div>
        <button type="submit" className="button primary" disabled={create.isPending || name.trim() === '' || left === 0}>
          {create.isPending ? t('workspaces.create.creating') : t('workspaces.create.submit')}
        </button>
      </form>
      {left === 0 && <p className="field-hint">{t('workspaces.create.noneLeft')}</p>}
      {create.isError && <ErrorBox>{reasonOf(create.error)}</ErrorBox>}
    </section>
  );
}

function SettingsSection({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const ids = { name: useId(), zone: useId(), zoneHint: useId(), title: useId() };
  const update = useUpdateWorkspace();
  const [name, setName] = useState(workspace.name);
  const [rule, setRule] = useState<ApprovalRule>(workspace.approvalRule);
  const [zone, setZone] = useState<string | null>(workspace.timeZone);
  const [saved, setSaved] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    update.mutate({ name, approvalRule: rule, timeZone: zone }, { onSuccess: () => setSaved(true) });
  }

  return (
    <section className="card workspace-section" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t('workspaces.settings.title')}</h2>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.name}>{t('workspaces.settings.name')}</label>
          <input id={ids.name} type="text" value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
        </div>
        <fieldset className="workspace-rules">
          <legend>{t('workspaces.settings.approvalRule')}</legend>
          {approvalRules.map((value) => (
            <label key={value} className="workspace-rule">
              <input type="radio" name="approvalRule" value={value} checked={rule === value} onChange={() => setRule(value)} />
              <span>
                <strong>{t(`workspaces.rules.${value}.label`)}</strong>
                <span className="field-hint">{t(`workspaces.rules.${value}.hint`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={ids.zone}>{t('workspaces.settings.timeZone')}</label>
          <label className="workspace-rule">
            <input type="checkbox" checked={zone === null} onChange={(event) => setZone(event.target.checked ? null : Intl.DateTimeFormat().resolvedOptions().timeZone)} />
            <span>{t('workspaces.settings.eachMembersZone')}</span>
          </label>
          {zone !== null && <TimeZoneCombobox id={ids.zone} value={zone} onChange={setZone} describedBy={ids.zoneHint} />}
          <p id={ids.zoneHint} className="field-hint">
            {t('workspaces.settings.timeZoneHint')}
          </p>
        </div>
        <button type="submit" className="button primary" disabled={update.isPending}>
          {update.isPending ? t('workspaces.settings.saving') : t('workspaces.settings.save')}
        </button>
        {saved && <NoticeBox>{t('workspaces.settings.saved')}</NoticeBox>}
        {update.isError && <ErrorBox>{reasonOf(update.error)}</ErrorBox>}
      </form>
    </section>
  );
}

function InviteForm() {
  const { t } = useTranslation();
  const ids = { email: useId(), role: useId() };
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('editor');
  const [sent, setSent] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    setSent(undefined);
    invite.mutate({ email, role }, { onSuccess: (invitation) => (setSent(invitation.email), setEmail('')) });
  }

  return (
    <form onSubmit={submit} className="workspace-inline-form" noValidate aria-label={t('workspaces.members.invite')}>
      <div className="field">
        <label htmlFor={ids.email}>{t('workspaces.members.inviteEmail')}</label>
        <input id={ids.email} type="email" value={email} autoComplete="off" onChange={(event) => setEmail(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.role}>{t('workspaces.members.role')}</label>
        <select id={ids.role} value={role} onChange={(event) => setRole(event.target.value as AssignableRole)}>
          {assignableRoles.map((value) => (
            <option key={value} value={value}>
              {t(`workspaces.roles.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button primary" disabled={invite.isPending || email.trim() === ''}>
        {invite.isPending ? t('workspaces.members.inviting') : t('workspaces.members.invite')}
      </button>
      {sent && <NoticeBox>{t('workspaces.members.invited', { email: sent })}</NoticeBox>}
      {invite.isError && <ErrorBox>{reasonOf(invite.error)}</ErrorBox>}
    </form>
  );
}

function MemberRow({ member, workspace, userId }: { member: Member; workspace: Workspace; userId: string | undefined }) {
  const { t } = useTranslation();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  const manage = roleMay(workspace.role, 'manageMembers') && member.role !== 'owner' && member.userId !== userId;
  return (
    <li className="workspace-member">
      <div className="workspace-member-who">
        <span className="workspace-member-email">{member.email}</span>
        {member.userId === userId && <span className="field-hint">{t('workspaces.members.you')}</span>}
      </div>
      {manage ? (
        <select
          aria-label={t('workspaces.members.roleOf', { email: member.email })}
          value={member.role}
          disabled={changeRole.isPending}
          onChange={(event) => changeRole.mutate({ memberId: member.userId, role: event.target.value as AssignableRole })}
        >
          {assignableRoles.map((value) => (
            <option key={value} value={value}>
              {t(`workspaces.roles.${value}`)}
            </option>
          ))}
        </select>
      ) : (
        <span className="workspace-role-badge">{t(`workspaces.roles.${member.role}`)}</span>
      )}
      {manage && (
        <button type="button" className="button ghost" onClick={() => setConfirming(true)}>
          {t('workspaces.members.remove')}
        </button>
      )}
      {(changeRole.isError || remove.isError) && <ErrorBox>{reasonOf(changeRole.error ?? remove.error)}</ErrorBox>}
      <ConfirmDialog
        open={confirming}
        title={t('workspaces.members.removeTitle', { email: member.email })}
        body={t('workspaces.members.removeBody')}
        confirmLabel={t('workspaces.members.remove')}
        cancelLabel={t('workspaces.cancel')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(member.userId, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

function MembersSection({ workspace }: { workspace: Workspace }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const members = useMembers();
  const revoke = useRevokeInvitation();
  const titleId = useId();
  const canManage = roleMay(workspace.role, 'manageMembers');
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.resolvedLanguage, { dateStyle: 'medium' });
  return (
    <section className="card workspace-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('workspaces.members.title')}</h2>
      {members.isPending && <Spinner label={t('common.loading')} />}
      {members.isError && <ErrorBox>{reasonOf(members.error)}</ErrorBox>}
      {members.data && (
        <>
          <p className="field-hint">
            {members.data.maxMembers === null
              ? t('workspaces.members.countUnlimited', { count: members.data.members.length })
              : t('workspaces.members.count', { count: members.data.members.length + members.data.invitations.length, max: members.data.maxMembers })}
          </p>
          <ul className="workspace-members" aria-label={t('workspaces.members.title')}>
            {members.data.members.map((member) => (
              <MemberRow key={member.userId} member={member} workspace={workspace} userId={user?.userId} />
            ))}
          </ul>
          {members.data.invitations.length > 0 && (
            <>
              <h3>{t('workspaces.members.pending')}</h3>
              <ul className="workspace-members">
                {members.data.invitations.map((invitation) => (
                  <li key={invitation.invitationId} className="workspace-member">
                    <div className="workspace-member-who">
                      <span className="workspace-member-email">{invitation.email}</span>
                      <span className="field-hint">{t('workspaces.members.pendingUntil', { role: t(`workspaces.roles.${invitation.role}`), date: date(invitation.expiresAt) })}</span>
                    </div>
                    {canManage && (
                      <button type="button" className="button ghost" disabled={revoke.isPending} onClick={() => revoke.mutate(invitation.invitationId)}>
                        {t('workspaces.members.withdraw')}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
          {revoke.isError && <ErrorBox>{reasonOf(revoke.error)}</ErrorBox>}
          {canManage && <InviteForm />}
        </>
      )}
    </section>
  );
}

function OwnershipSection({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const members = useMembers();
  const transfer = useTransferOwnership();
  const leave = useLeaveWorkspace();
  const open = useOpenWorkspacePage();
  const ids = { title: useId(), to: useId() };
  const [to, setTo] = useState('');
  const [confirm, setConfirm] = useState<'transfer' | 'leave'>();
  const others = (members.data?.members ?? []).filter((member) => member.userId !== user?.userId);
  const owner = workspace.role === 'owner';
  return (
    <section className="card workspace-section" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{owner ? t('workspaces.ownership.transferTitle') : t('workspaces.ownership.leaveTitle')}</h2>
      {owner ? (
        <>
          <p className="field-hint">{t('workspaces.ownership.transferHint')}</p>
          <div className="workspace-inline-form">
            <div className="field">
              <label htmlFor={ids.to}>{t('workspaces.ownership.newOwner')}</label>
              <select id={ids.to} value={to} onChange={(event) => setTo(event.target.value)}>
                <option value="">{t('workspaces.ownership.choose')}</option>
                {others.map((member) => (
                  <option key={member.userId} value={member.userId}>
                    {member.email}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className="button secondary" disabled={to === ''} onClick={() => setConfirm('transfer')}>
              {t('workspaces.ownership.transfer')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="field-hint">{t('workspaces.ownership.leaveHint')}</p>
          <button type="button" className="button secondary" onClick={() => setConfirm('leave')}>
            {t('workspaces.ownership.leave')}
          </button>
        </>
      )}
      {(transfer.isError || leave.isError) && <ErrorBox>{reasonOf(transfer.error ?? leave.error)}</ErrorBox>}
      <ConfirmDialog
        open={confirm !== undefined}
        title={confirm === 'transfer' ? t('workspaces.ownership.transferConfirm', { email: others.find((member) => member.userId === to)?.email ?? '' }) : t('workspaces.ownership.leaveConfirm', { name: workspace.name })}
        body={confirm === 'transfer' ? t('workspaces.ownership.transferBody') : t('workspaces.ownership.leaveBody')}
        confirmLabel={confirm === 'transfer' ? t('workspaces.ownership.transfer') : t('workspaces.ownership.leave')}
        cancelLabel={t('workspaces.cancel')}
        busy={transfer.isPending || leave.isPending}
        onConfirm={() =>
          confirm === 'transfer'
            ? transfer.mutate(to, { onSettled: () => setConfirm(undefined) })
            : leave.mutate(undefined, { onSuccess: () => open(undefined), onSettled: () => setConfirm(undefined) })
        }
        onCancel={() => setConfirm(undefined)}
      />
    </section>
  );
}

/** The current workspace: its settings and approval rule, its members and invitations; and a new workspace. */
export function WorkspacePage() {
  const { t, i18n } = useTranslation();
  const current = useCurrentWorkspace();
  const workspace = current.data;
  return (
    <div className="workspace-page">
      <PageTitle>{workspace ? workspaceName(workspace, t('workspaces.personal')) : t('workspaces.title')}</PageTitle>
      {current.isPending && <Spinner label={t('common.loading')} />}
      {current.isError && <ErrorBox>{reasonOf(current.error)}</ErrorBox>}
      {workspace && (
        <>
          <p className="workspace-summary">
            {workspace.personal ? t('workspaces.personalHint') : t('workspaces.summary', { role: t(`workspaces.roles.${workspace.role}`).toLocaleLowerCase(i18n.resolvedLanguage), owner: workspace.ownerEmail, count: workspace.memberCount })}
          </p>
          {!workspace.personal && roleMay(workspace.role, 'manageWorkspace') && <SettingsSection key={workspace.workspaceId} workspace={workspace} />}
          {!workspace.personal && !roleMay(workspace.role, 'manageWorkspace') && (
            <NoticeBox>{t('workspaces.ruleIs', { rule: t(`workspaces.rules.${workspace.approvalRule}.label`) })}</NoticeBox>
          )}
          {!workspace.personal && <MembersSection workspace={workspace} />}
          {!workspace.personal && <OwnershipSection workspace={workspace} />}
        </>
      )}
      <CreateWorkspaceSection />
    </div>
  );
}
