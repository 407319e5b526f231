import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../../../../../shared/api/connections';
import { COLLECTION_NAME_MAX } from '../../../../../../shared/api/collections';
import { useAccountCollections, useCreateAccountCollection } from './api';
import type { AccountOptions } from './types';

/** Whether a link is one a network takes: an http(s) address of at most `max` characters; the problem's key otherwise. */
export function linkProblem(link: string, max: number): 'invalid' | 'tooLong' | undefined {
  if (link.length > max) return 'tooLong';
  try {
    const url = new URL(link);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname ? undefined : 'invalid';
  } catch {
    return 'invalid';
  }
}

/**
 * The collection (board) a post goes in, for a network that files each post in one
 * (`PostOptionsRule.collection`): the account's collections as its network lists them now, the
 * network's default (the account's first) chosen while none is, and a field to make a new one,
 * which is then chosen. Loading, failing and creating are said in words; a failure keeps the
 * default usable and offers to try again. The words are the network's own where it has them
 * (i18next's context, the platform id: "Board").
 */
export function CollectionPicker({ account, field, value, onChange }: { account: Connection; field: string; value: AccountOptions | undefined; onChange(value: AccountOptions): void }) {
  const { t } = useTranslation();
  const id = useId();
  const words = (key: string, values: Record<string, unknown> = {}) => String(t(`postOptions.collection.${key}` as never, { context: account.platform, ...values } as never));
  const list = useAccountCollections(account.platform, account.platformUserId, true);
  const create = useCreateAccountCollection(account.platform, account.platformUserId);
  const [name, setName] = useState('');
  const [said, setSaid] = useState<{ text: string; problem: boolean } | undefined>();
  const chosen = typeof value?.[field] === 'string' ? (value[field] as string) : '';

  const choose = (collectionId: string) => {
    const next = { ...value };
    if (collectionId) next[field] = collectionId;
    else delete next[field];
    onChange(next);
  };
  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setSaid({ text: words('nameNeeded'), problem: true });
      return;
    }
    setSaid(undefined);
    create.mutate(trimmed, {
      onSuccess: (collection) => {
        choose(collection.id);
        setName('');
        setSaid({ text: words('created', { name: collection.name }), problem: false });
      },
      onError: (error) => setSaid({ text: words('createFailed', { reason: error.message }), problem: true }),
    });
  };

  const collections = list.data?.collections ?? [];
  return (
    <div className="field collection-field" data-testid={`collection-${account.platform}`}>
      <label htmlFor={`${id}-collection`}>{words('label')}</label>
      <select id={`${id}-collection`} className="select" value={chosen} aria-describedby={`${id}-collection-hint`} aria-busy={list.isPending || undefined} onChange={(event) => choose(event.target.value)}>
        <option value="">{words('first')}</option>
        {collections.map((collection) => (
          <option key={collection.id} value={collection.id}>
            {collection.name}
          </option>
        ))}
        {chosen && !collections.some((collection) => collection.id === chosen) ? <option value={chosen}>{chosen}</option> : null}
      </select>
      <p id={`${id}-collection-hint`} className={list.isError ? 'field-error' : 'hint'} role={list.isError ? 'alert' : undefined} aria-live="polite">
        {list.isPending ? words('loading') : list.isError ? words('failed', { reason: list.error.message }) : words('hint')}
        {list.isError ? (
          <>
            {' '}
            <button type="button" className="button ghost small" onClick={() => void list.refetch()}>
              {words('retry')}
            </button>
          </>
        ) : null}
      </p>
      <div className="collection-new">
        <label htmlFor={`${id}-new`}>{words('newLabel')}</label>
        <div className="collection-new-row">
          <input
            id={`${id}-new`}
            className="input"
            value={name}
            maxLength={COLLECTION_NAME_MAX}
            aria-describedby={said ? `${id}-new-said` : undefined}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                submit();
              }
            }}
          />
          <button type="button" className="button secondary small" disabled={create.isPending} onClick={submit}>
            {create.isPending ? words('creating') : words('create')}
          </button>
        </div>
        {said ? (
          <p id={`${id}-new-said`} className={said.problem ? 'field-error' : 'hint'} role={said.problem ? 'alert' : 'status'}>
            {said.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
