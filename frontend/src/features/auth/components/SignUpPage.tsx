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

export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; confirmation?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = {
      ...(emailProblem(email, t) ? { email: emailProblem(email, t) } : {}),
      ...(password !== confirmation ? { confirmation: t('auth.passwordsDontMatch') } : {}),
    };
    setFieldErrors(errors);
    if (Object.keys(errors).length || passwordProblems(password).length) return;
    setBusy(true);
    setError(undefined);
    try {
      await authApi.signUp(email.trim(), password);
      navigate(`/confirm?email=${encodeURIComponent(email.trim())}`);
    } catch (caught) {
      setError(authErrorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={t('auth.signUpTitle')}
      footer={
        <p>
          {t('auth.haveAccount')} <Link to="/login">{t('auth.signIn')}</Link>
        </p>
      }
    >
      <form onSubmit={submit} noValidate>
        <EmailField value={email} onChange={setEmail} error={fieldErrors.email} />
        <TextField
          label={t('auth.password')}
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordRules password={password} />
        <TextField
          label={t('auth.confirmPassword')}
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={fieldErrors.confirmation}
        />
        <p className="hint">{t('auth.ageConfirmation')}</p>
        {error && <ErrorBox>{error}</ErrorBox>}
        <button type="submit" className="button primary wide" disabled={busy || passwordProblems(password).length > 0}>
          {busy ? t('auth.signingUp') : t('auth.signUp')}
        </button>
      </form>
    </AuthCard>
  );
}
