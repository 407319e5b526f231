import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorBox, Spinner } from '../../components/ui/Form';
import { Logo } from '../../components/ui/Logo';
import { ApiError } from '../../lib/apiClient';
import { useAuth } from '../auth';
import { useAnswerInvitation, useInvitation } from './api';
import { switchWorkspace } from './currentWorkspace';
import { keepPendingInvitation, takePendingInvitation } from './pendingInvitation';
import './workspaces.css';

const reasonOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));

/**
 * Where the invitation mail's link lands (/invitations?token=…). Signed out, it keeps the link
 * for after sign-in or sign-up; signed in, it shows the workspace, the role and who invited, and
 * accepts or declines for the invited address only.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token') ?? undefined;
  const invitation = useInvitation(token);
  const answer = useAnswerInvitation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (status === 'signedOut' && token) keepPendingInvitation(token);
    if (status === 'signedIn') takePendingInvitation();
  }, [status, token]);

  function respond(accept: boolean) {
    if (!token) return;
    answer.mutate(
      { token, accept },
      {
        onSuccess: (workspace) => {
          if (!workspace) return navigate('/dashboard', { replace: true });
          switchWorkspace(workspace.workspaceId);
          queryClient.clear();
          navigate(`/dashboard?workspace=${workspace.workspaceId}`, { replace: true });
        },
      },
    );
  }

  return (
    <main className="invitation-page">
      <div className="card">
        <p className="logo">
          <Logo /> {t('common.appName')}
        </p>
        <h1>{t('workspaces.invitation.title')}</h1>
        {!token && <ErrorBox>{t('workspaces.invitation.noToken')}</ErrorBox>}
        {token && status === 'loading' && <Spinner label={t('common.loading')} />}
        {token && status === 'signedOut' && (
          <>
            <p>{t('workspaces.invitation.signInFirst')}</p>
            <div className="invitation-actions">
              <Link className="button primary" to="/login">
                {t('workspaces.invitation.signIn')}
              </Link>
              <Link className="button secondary" to="/signup">
                {t('workspaces.invitation.signUp')}
              </Link>
            </div>
          </>
        )}
        {token && status === 'signedIn' && invitation.isPending && <Spinner label={t('common.loading')} />}
        {invitation.isError && <ErrorBox>{reasonOf(invitation.error)}</ErrorBox>}
        {invitation.data && (
          <>
            <p data-testid="invitation-offer">
              {t('workspaces.invitation.offer', {
                inviter: invitation.data.invitedByEmail,
                workspace: invitation.data.workspaceName,
                role: t(`workspaces.roles.${invitation.data.role}`),
              })}
            </p>
            <p className="field-hint">{t(`workspaces.roleHints.${invitation.data.role}`)}</p>
            {invitation.data.forYou ? (
              <div className="invitation-actions">
                <button type="button" className="button primary" disabled={answer.isPending} onClick={() => respond(true)}>
                  {t('workspaces.invitation.accept')}
                </button>
                <button type="button" className="button secondary" disabled={answer.isPending} onClick={() => respond(false)}>
                  {t('workspaces.invitation.decline')}
                </button>
              </div>
            ) : (
              <ErrorBox>{t('workspaces.invitation.notForYou', { invited: invitation.data.email, you: user?.email ?? '' })}</ErrorBox>
            )}
          </>
        )}
        {answer.isError && <ErrorBox>{reasonOf(answer.error)}</ErrorBox>}
      </div>
    </main>
  );
}
