import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeZone, matchesZone, timeZoneOptions, type TimeZoneOption } from './timeZones';

/**
 * A searchable time-zone picker (the WAI-ARIA combobox pattern with a listbox popup): type a
 * city, region or offset; arrows move, Enter picks, Escape closes. The browser's zone comes
 * first. No focus trap is involved, so no library: see docs/decisions.md.
 */
export function TimeZoneCombobox({
  id,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const { yours, others } = useMemo(() => timeZoneOptions(value), [value]);
  const label = (option: TimeZoneOption) => t('ui.timeZone.option', { city: option.city, offset: option.offset });
  const selected = useMemo(() => describeZone(value), [value]);

  const matches = useMemo(() => [yours, ...others].filter((option) => matchesZone(option, query)), [yours, others, query]);
  const optionId = (index: number) => `${listId}-${index}`;

  function choose(option: TimeZoneOption | undefined) {
    if (option) onChange(option.zone);
    setOpen(false);
    setQuery('');
  }

  function openList() {
    setOpen(true);
    setQuery('');
    setActive(Math.max(0, [yours, ...others].findIndex((option) => option.zone === value)));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return openList();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => Math.min(matches.length - 1, Math.max(0, current + step)));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setQuery('');
    }
  }

  return (
    <div className="combobox">
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-describedby={describedBy}
        aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
        placeholder={t('ui.timeZone.search')}
        value={open ? query : label(selected)}
        onFocus={openList}
        onClick={() => !open && openList()}
        onBlur={() => {
          setOpen(false);
          setQuery('');
        }}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul id={listId} role="listbox" className="combobox-list" aria-label={t('ui.timeZone.search')}>
          {matches.length === 0 && (
            <li role="presentation" className="combobox-group">
              {t('ui.timeZone.noMatch', { query })}
            </li>
          )}
          {matches.map((option, index) => (
            <li
              key={option.zone}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="combobox-option"
              ref={index === active ? (element) => element?.scrollIntoView({ block: 'nearest' }) : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(option)}
            >
              <span>
                {option.city}
                {option.zone === yours.zone && <span className="visually-hidden"> — {t('ui.timeZone.yours')}</span>}
              </span>
              <span className="hint">
                {option.zone === yours.zone ? `${t('ui.timeZone.yours')} · ` : option.region ? `${option.region} · ` : ''}
                {option.offset}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
