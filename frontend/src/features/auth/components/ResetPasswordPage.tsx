import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { passwordProblems } from '../../../../../shared/resources/userPool';
import { ErrorBox, TextField } from '../../../components/ui/Form';
import { authApi } from '../api/amplify';
import { authErrorMessage } from '../api/authErrors';
import { AuthCard } from './AuthCard';
import { EmailField, emailProblem } from './EmailField';
import { PasswordRules } from './PasswordRules';

/** Two steps: request a code by email, then enter it with the new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<'request' | 'confirm'>('request');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function request(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email, t);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await authApi.requestPasswordReset(email.trim());
      setStep('confirm');
    } catch (caught) {
      setError(authErrorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') {
      setError(t('auth.codeRequired'));
      return;
    }
    if (passwordProblems(password).length) return;
    setBusy(true);
    setError(undefined);
    try {
      await authApi.confirmPasswordReset(email.trim(), code.trim(), password);
      navigate('/login', { state: { email: email.trim(), notice: t('auth.passwordChanged') } });
    } catch (caught) {
      setError(authErrorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={t('auth.resetTitle')}
      footer={
        <p>
          <Link to="/login">{t('auth.signIn')}</Link>
        </p>
      }
    >
      {step === 'request' ? (
        <form onSubmit={request} noValidate>
          <p>{t('auth.resetHint')}</p>
          <EmailField value={email} onChange={setEmail} />
          {error && <ErrorBox>{error}</ErrorBox>}
          <button type="submit" className="button primary wide" disabled={busy}>
            {busy ? t('auth.sendingCode') : t('auth.sendCode')}
          </button>
        </form>
      ) : (
        <form onSubmit={confirm} noValidate>
          <p>{t('auth.resetCodeHint', { email })}</p>
          <TextField
            label={t('auth.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <TextField
            label={t('auth.newPassword')}
            type="password"
            name="new-password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <PasswordRules password={password} />
          {error && <ErrorBox>{error}</ErrorBox>}
          <button type="submit" className="button primary wide" disabled={busy || passwordProblems(password).length > 0}>
            {busy ? t('auth.settingPassword') : t('auth.setPassword')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
