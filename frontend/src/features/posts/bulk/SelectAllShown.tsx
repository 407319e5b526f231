import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** "Select all shown" over a list, with how to select by keyboard. */
export function SelectAllShown({ checked, onChange }: { checked: boolean; onChange: (all: boolean) => void }) {
  const { t } = useTranslation();
  const hint = useId();
  return (
    <div className="bulk-select-all">
      <label>
        <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} aria-describedby={hint} /> {t('bulk.selectAll')}
      </label>
      <span id={hint} className="visually-hidden">
        {t('bulk.keyboardHint')}
      </span>
    </div>
  );
}
