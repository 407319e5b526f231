import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorBox, NoticeBox, TextField } from '../../../components/ui/Form';
import { authApi } from '../api/amplify';
import { authErrorMessage } from '../api/authErrors';
import { useAuth } from '../AuthProvider';
import { AuthCard } from './AuthCard';
import { EmailField, emailProblem } from './EmailField';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { refresh } = useAuth();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [email, setEmail] = useState((location.state as { email?: string } | null)?.email ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = {
      ...(emailProblem(email, t) ? { email: emailProblem(email, t) } : {}),
      ...(password === '' ? { password: t('auth.passwordRequired') } : {}),
    };
    setFieldErrors(errors);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setError(undefined);
    try {
      const outcome = await authApi.signIn(email.trim(), password);
      if (outcome === 'confirmSignUp') {
        navigate(`/confirm?email=${encodeURIComponent(email.trim())}`);
        return;
      }
      await refresh();
      navigate('/dashboard', { replace: true });
    } catch (caught) {
      if ((caught as { name?: string }).name === 'UserNotConfirmedException') {
        navigate(`/confirm?email=${encodeURIComponent(email.trim())}`);
        return;
      }
      setError(authErrorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={t('auth.signInTitle')}
      footer={
        <>
          <p>
            {t('auth.noAccount')} <Link to="/signup">{t('auth.createAccount')}</Link>
          </p>
          <p>
            <Link to="/reset-password">{t('auth.forgotPassword')}</Link>
          </p>
        </>
      }
    >
      {notice && <NoticeBox>{notice}</NoticeBox>}
      <form onSubmit={submit} noValidate>
        <EmailField value={email} onChange={setEmail} error={fieldErrors.email} />
        <TextField
          label={t('auth.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password}
        />
        {error && <ErrorBox>{error}</ErrorBox>}
        <button type="submit" className="button primary wide" disabled={busy}>
          {busy ? t('auth.signingIn') : t('auth.signIn')}
        </button>
      </form>
    </AuthCard>
  );
}
