import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '../../../../../shared/email';
import { TextField } from '../../../components/ui/Form';

/** What is wrong with an email a user typed, in words (undefined when it is fine). */
export function emailProblem(email: string, t: TFunction): string | undefined {
  if (email.trim() === '') return t('auth.emailRequired');
  if (!isValidEmail(email)) return t('auth.emailInvalid');
  return undefined;
}

/** The email field of the sign-in, sign-up and reset forms. */
export function EmailField({ value, onChange, error }: { value: string; onChange: (email: string) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.email')}
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
