import { useTranslation } from 'react-i18next';
import { passwordPolicy, passwordProblems } from '../../../../../shared/resources/userPool';

/** The pool's password rules, each ticked as the password meets it. */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation();
  const problems = new Set(passwordProblems(password));
  const rules = (['minLength', 'lowercase', 'uppercase', 'digit', 'symbol'] as const).filter(
    (rule) => rule !== 'symbol' || passwordPolicy.requireSymbols,
  );
  return (
    <div className="password-rules">
      <p>{t('auth.passwordRulesTitle')}</p>
      <ul>
        {rules.map((rule) => (
          <li key={rule} className={problems.has(rule) ? 'unmet' : 'met'}>
            <span aria-hidden="true">{problems.has(rule) ? '○' : '✓'}</span>{' '}
            {t(`auth.passwordRules.${rule}`, { count: passwordPolicy.minLength })}
          </li>
        ))}
      </ul>
    </div>
  );
}
