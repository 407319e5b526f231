import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { roleMay } from '../../../../shared/api/authorization';
import { webhookEventTypes, type WebhookDelivery, type WebhookEndpoint, type WebhookEventType } from '../../../../shared/api/webhooks';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { ErrorBox, NoticeBox, Spinner } from '../../components/ui/Form';
import { ApiError } from '../../lib/apiClient';
import { useCurrentWorkspace } from '../workspaces';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRedeliverWebhook,
  useRotateWebhookSecret,
  useTestWebhookEndpoint,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from './webhooksApi';
import './webhooks.css';

const reasonOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));

function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'medium' });
  return (iso) => format.format(new Date(iso));
}

/** A secret shown once, with a copy button: it is never shown again. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="webhooks-secret" role="status" aria-labelledby={id}>
      <p id={id}>
        <strong>{t('webhooks.secretOnce')}</strong>
      </p>
      <code data-testid="webhook-secret">{secret}</code>
      <div className="webhooks-actions">
        <button type="button" className="button secondary small" onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true))}>
          {copied ? t('webhooks.copied') : t('webhooks.copy')}
        </button>
        <button type="button" className="button ghost small" onClick={onDone}>
          {t('webhooks.secretDone')}
        </button>
      </div>
    </div>
  );
}

/** Each event type's message key (i18next reads a dot as nesting). */
const eventKeys = {
  'post.published': 'post_published',
  'post.partially_published': 'post_partially_published',
  'post.failed': 'post_failed',
  'post.needs_approval': 'post_needs_approval',
  'post.approved': 'post_approved',
  'connection.needs_reconnect': 'connection_needs_reconnect',
} as const satisfies Record<WebhookEventType, string>;

function EventChoices({ chosen, onChange }: { chosen: WebhookEventType[]; onChange: (events: WebhookEventType[]) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="webhooks-events">
      <legend>{t('webhooks.events')}</legend>
      {webhookEventTypes.map((type) => (
        <label key={type}>
          <input type="checkbox" checked={chosen.includes(type)} onChange={(event) => onChange(event.target.checked ? [...chosen, type] : chosen.filter((one) => one !== type))} />
          <span>
            <code>{type}</code> — {t(`webhooks.eventWords.${eventKeys[type]}`)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function AddEndpointForm({ onSecret }: { onSecret: (secret: string) => void }) {
  const { t } = useTranslation();
  const ids = { title: useId(), url: useId(), urlHint: useId(), description: useId() };
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['post.published', 'post.failed']);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events, description: description.trim() },
      {
        onSuccess: (created) => {
          setUrl('');
          setDescription('');
          onSecret(created.secret);
        },
      },
    );
  }

  return (
    <form className="webhooks-form" onSubmit={submit} noValidate aria-labelledby={ids.title}>
      <h3 id={ids.title}>{t('webhooks.add')}</h3>
      <div className="field">
        <label htmlFor={ids.url}>{t('webhooks.url')}</label>
        <input id={ids.url} type="url" inputMode="url" autoComplete="off" placeholder="https://" value={url} onChange={(event) => setUrl(event.target.value)} aria-describedby={ids.urlHint} />
        <p id={ids.urlHint} className="field-hint">
          {t('webhooks.urlHint')}
        </p>
      </div>
      <EventChoices chosen={events} onChange={setEvents} />
      <div className="field">
        <label htmlFor={ids.description}>{t('webhooks.description')}</label>
        <input id={ids.description} type="text" maxLength={200} value={description} onChange={(event) => setDescription(event.target.value)} />
      </div>
      <div>
        <button type="submit" className="button primary" disabled={url.trim() === '' || events.length === 0 || create.isPending}>
          {create.isPending ? t('webhooks.adding') : t('webhooks.submit')}
        </button>
      </div>
      {create.isError && <ErrorBox>{reasonOf(create.error)}</ErrorBox>}
    </form>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const format = useDateTime();
  const redeliver = useRedeliverWebhook();
  const last = delivery.attempts[0];
  return (
    <tr>
      <td>{format(delivery.createdAt)}</td>
      <td>
        <code>{delivery.type}</code>
      </td>
      <td>
        <span className="webhooks-status" data-status={delivery.status}>
          {t(`webhooks.deliveryStatus.${delivery.status}`)}
        </span>
      </td>
      <td>
        {last ? (
          <>
            {last.statusCode !== null && <strong>{last.statusCode} </strong>}
            {last.message}
            <span className="webhooks-muted"> {t('webhooks.attempt', { number: last.attempt, date: format(last.at) })}</span>
          </>
        ) : (
          t('webhooks.notYet')
        )}
        {delivery.nextAttemptAt && <span className="webhooks-muted webhooks-next">{t('webhooks.nextAttempt', { date: format(delivery.nextAttemptAt) })}</span>}
        {redeliver.isError && <span className="field-error"> {reasonOf(redeliver.error)}</span>}
      </td>
      <td>
        <button type="button" className="button ghost small" disabled={redeliver.isPending} onClick={() => redeliver.mutate({ endpointId: delivery.endpointId, deliveryId: delivery.deliveryId })}>
          {redeliver.isPending ? t('webhooks.sending') : t('webhooks.redeliver')}
        </button>
      </td>
    </tr>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(endpoint.endpointId, true);
  const id = useId();
  return (
    <div className="webhooks-log">
      <h4 id={id}>{t('webhooks.log')}</h4>
      {deliveries.isPending && <Spinner label={t('common.loading')} />}
      {deliveries.isError && <ErrorBox>{reasonOf(deliveries.error)}</ErrorBox>}
      {deliveries.data && deliveries.data.deliveries.length === 0 && <p className="field-hint">{t('webhooks.logEmpty')}</p>}
      {deliveries.data && deliveries.data.deliveries.length > 0 && (
        <div className="webhooks-table-wrap">
          <table className="webhooks-table" aria-labelledby={id}>
            <thead>
              <tr>
                <th scope="col">{t('webhooks.columns.time')}</th>
                <th scope="col">{t('webhooks.columns.event')}</th>
                <th scope="col">{t('webhooks.columns.status')}</th>
                <th scope="col">{t('webhooks.columns.outcome')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('webhooks.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.deliveries.map((delivery) => (
                <DeliveryRow key={delivery.deliveryId} delivery={delivery} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function EndpointRow({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (secret: string) => void }) {
  const { t } = useTranslation();
  const format = useDateTime();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhookEndpoint();
  const [confirming, setConfirming] = useState<'delete' | 'rotate' | undefined>();
  const [showLog, setShowLog] = useState(false);
  const status = !endpoint.enabled ? 'disabled' : endpoint.failingSince ? 'failing' : 'active';
  const error = update.error ?? remove.error ?? rotate.error ?? test.error;
  const tested = test.data?.attempts[0];
  return (
    <li className="webhooks-item">
      <div className="webhooks-item-head">
        <div className="webhooks-item-what">
          <strong>{endpoint.url}</strong>
          {endpoint.description && <span>{endpoint.description}</span>}
          <span>{endpoint.events.join(', ')}</span>
          <span>{t('webhooks.secretStart', { start: endpoint.secretStart })}</span>
          {endpoint.disabledReason && <span className="webhooks-why">{t('webhooks.disabledWhy', { date: format(endpoint.disabledAt ?? endpoint.createdAt), reason: endpoint.disabledReason })}</span>}
          {endpoint.enabled && endpoint.failingSince && <span className="webhooks-why">{t('webhooks.failingSince', { date: format(endpoint.failingSince) })}</span>}
        </div>
        <span className="webhooks-status" data-status={status}>
          {t(`webhooks.status.${status}`)}
        </span>
      </div>
      <div className="webhooks-actions">
        <button type="button" className="button secondary small" aria-expanded={showLog} onClick={() => setShowLog((open) => !open)}>
          {showLog ? t('webhooks.hideLog') : t('webhooks.showLog')}
        </button>
        <button type="button" className="button secondary small" disabled={!endpoint.enabled || test.isPending} onClick={() => test.mutate(endpoint.endpointId)}>
          {test.isPending ? t('webhooks.sending') : t('webhooks.test')}
        </button>
        <button type="button" className="button ghost small" disabled={update.isPending} onClick={() => update.mutate({ endpointId: endpoint.endpointId, enabled: !endpoint.enabled })}>
          {endpoint.enabled ? t('webhooks.disable') : t('webhooks.enable')}
        </button>
        <button type="button" className="button ghost small" onClick={() => setConfirming('rotate')}>
          {t('webhooks.rotate')}
        </button>
        <button type="button" className="button ghost small" onClick={() => setConfirming('delete')}>
          {t('webhooks.delete')}
        </button>
      </div>
      {tested && (
        <p className="webhooks-tested" role="status">
          {t('webhooks.testOutcome', { message: tested.message })}
        </p>
      )}
      {error && <ErrorBox>{reasonOf(error)}</ErrorBox>}
      {showLog && <DeliveryLog endpoint={endpoint} />}
      <ConfirmDialog
        open={confirming === 'delete'}
        title={t('webhooks.deleteTitle')}
        body={t('webhooks.deleteBody', { url: endpoint.url })}
        confirmLabel={t('webhooks.delete')}
        cancelLabel={t('webhooks.keep')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(endpoint.endpointId, { onSettled: () => setConfirming(undefined) })}
        onCancel={() => setConfirming(undefined)}
      />
      <ConfirmDialog
        open={confirming === 'rotate'}
        title={t('webhooks.rotateTitle')}
        body={t('webhooks.rotateBody')}
        confirmLabel={t('webhooks.rotate')}
        cancelLabel={t('webhooks.keep')}
        busy={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(endpoint.endpointId, {
            onSuccess: (rotated) => onSecret(rotated.secret),
            onSettled: () => setConfirming(undefined),
          })
        }
        onCancel={() => setConfirming(undefined)}
      />
    </li>
  );
}

/**
 * Settings › Webhooks: the current workspace's endpoints (signed per Standard Webhooks), for its
 * owner and admins: add one (its secret shown once), see each one's status and delivery log,
 * redeliver, send a test, rotate the secret, disable, delete.
 */
export function WebhooksSection() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const canManage = workspace.data ? roleMay(workspace.data.role, 'manageWorkspace') : false;
  const endpoints = useWebhookEndpoints(canManage);
  const [secret, setSecret] = useState<string | undefined>();
  const titleId = useId();
  return (
    <section className="card settings-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('webhooks.title')}</h2>
      <p className="field-hint">{t('webhooks.intro')}</p>
      {workspace.data && !canManage && <NoticeBox>{t('webhooks.notAllowed')}</NoticeBox>}
      {canManage && (
        <>
          {secret && <SecretOnce secret={secret} onDone={() => setSecret(undefined)} />}
          {endpoints.isPending && <Spinner label={t('common.loading')} />}
          {endpoints.isError && <ErrorBox>{reasonOf(endpoints.error)}</ErrorBox>}
          {endpoints.data && endpoints.data.endpoints.length === 0 && <p className="field-hint">{t('webhooks.none')}</p>}
          {endpoints.data && endpoints.data.endpoints.length > 0 && (
            <ul className="webhooks-list" aria-label={t('webhooks.list')}>
              {endpoints.data.endpoints.map((endpoint) => (
                <EndpointRow key={endpoint.endpointId} endpoint={endpoint} onSecret={setSecret} />
              ))}
            </ul>
          )}
          <AddEndpointForm onSecret={setSecret} />
        </>
      )}
    </section>
  );
}
