import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorBox, NoticeBox, TextField } from '../../../components/ui/Form';
import { authApi } from '../api/amplify';
import { authErrorMessage } from '../api/authErrors';
import { AuthCard } from './AuthCard';

export function ConfirmSignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') {
      setError(t('auth.codeRequired'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await authApi.confirmSignUp(email, code.trim());
      navigate('/login', { state: { email, notice: t('auth.confirmed') } });
    } catch (caught) {
      setError(authErrorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setError(undefined);
    try {
      await authApi.resendCode(email);
      setNotice(t('auth.codeResent'));
    } catch (caught) {
      setError(authErrorMessage(caught, t));
    }
  }

  return (
    <AuthCard title={t('auth.confirmTitle')}>
      <p>{t('auth.confirmHint', { email })}</p>
      {notice && <NoticeBox>{notice}</NoticeBox>}
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('auth.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        {error && <ErrorBox>{error}</ErrorBox>}
        <button type="submit" className="button primary wide" disabled={busy}>
          {busy ? t('auth.confirming') : t('auth.confirm')}
        </button>
      </form>
      <button type="button" className="button link" onClick={() => void resend()}>
        {t('auth.resendCode')}
      </button>
    </AuthCard>
  );
}
