import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Code2, Download, SearchX } from 'lucide-react';
import type { JsonSchema, OpenApiDocument, Parameter } from '../../../../shared/api/openapiDocument';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorBox, Spinner } from '../../components/ui/Form';
import { PageTitle } from '../../components/ui/PageTitle';
import { ApiError } from '../../lib/apiClient';
import { useOpenApiDocument } from './api';
import { constraintsOf, groupOperations, matchesSearch, resolveResponse, resolveSchema, schemaRows, typeText, type ReferenceOperation } from './reference';
import './apiReference.css';

const reasonOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));
/** Where the page reads the document, and where a reader downloads it (the app's own /api). */
const documentUrl = '/api/openapi.json';

/** A schema as a table of its fields, nested fields indented. */
function SchemaTable({ schema, document, label }: { schema: JsonSchema; document: OpenApiDocument; label: string }) {
  const { t } = useTranslation();
  const rows = schemaRows(schema, document);
  return (
    // Scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too.
    <div className="api-table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="api-table">
        <thead>
          <tr>
            <th scope="col">{t('apiReference.field')}</th>
            <th scope="col">{t('apiReference.type')}</th>
            <th scope="col">{t('apiReference.details')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // The depth indents a nested field under its parent (apiReference.css).
            <tr key={index} style={{ ['--depth' as string]: row.depth }}>
              <th scope="row" className="api-field">
                {row.variant ? <span className="api-variant">{t('apiReference.variant', { name: row.name })}</span> : <code>{row.name || t('apiReference.value')}</code>}
                {!row.variant && row.name && <span className={row.required ? 'api-required' : 'api-optional'}>{row.required ? t('apiReference.required') : t('apiReference.optional')}</span>}
              </th>
              <td>
                <code className="api-type">{row.type}</code>
              </td>
              <td className="api-details">
                {row.description && <p>{row.description}</p>}
                {row.constraints.length > 0 && <p className="api-constraints">{row.constraints.join(' · ')}</p>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ParameterTable({ parameters, document, label }: { parameters: Parameter[]; document: OpenApiDocument; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="api-table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="api-table">
        <thead>
          <tr>
            <th scope="col">{t('apiReference.field')}</th>
            <th scope="col">{t('apiReference.type')}</th>
            <th scope="col">{t('apiReference.details')}</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((parameter) => {
            const constraints = constraintsOf(resolveSchema(parameter.schema, document) ?? {});
            return (
              <tr key={`${parameter.in} ${parameter.name}`}>
                <th scope="row" className="api-field">
                  <code>{parameter.name}</code>
                  <span className="api-in">{t(`apiReference.in.${parameter.in}`)}</span>
                  <span className={parameter.required ? 'api-required' : 'api-optional'}>{parameter.required ? t('apiReference.required') : t('apiReference.optional')}</span>
                </th>
                <td>
                  <code className="api-type">{typeText(parameter.schema, document)}</code>
                </td>
                <td className="api-details">
                  {parameter.description && <p>{parameter.description}</p>}
                  {constraints.length > 0 && <p className="api-constraints">{constraints.join(' · ')}</p>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function OperationCard({ entry, document }: { entry: ReferenceOperation; document: OpenApiDocument }) {
  const { t } = useTranslation();
  const { method, path, operation } = entry;
  const body = operation.requestBody?.content['application/json']?.schema;
  const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
  const errors = Object.entries(operation.responses).filter(([status]) => !status.startsWith('2'));
  return (
    <li className="card api-operation" id={operation.operationId}>
      <details>
        <summary>
          <span className={`api-method api-method-${method}`}>{method.toUpperCase()}</span>
          <code className="api-path">{path}</code>
          <span className="api-summary">{operation.summary}</span>
          <span className="api-badges">
            <span className="badge">{t('apiReference.scope', { scope: operation['x-oneclick-scope'] })}</span>
            {operation['x-oneclick-idempotent'] && <span className="badge api-badge-quiet">{t('apiReference.idempotent')}</span>}
          </span>
        </summary>
        <div className="api-operation-body">
          <p className="api-operation-id">
            <code>{operation.operationId}</code>
          </p>
          {operation.parameters && operation.parameters.length > 0 && (
            <section>
              <h4>{t('apiReference.parameters')}</h4>
              <ParameterTable parameters={operation.parameters} document={document} label={`${operation.operationId}: ${t('apiReference.parameters')}`} />
            </section>
          )}
          {body && (
            <section>
              <h4>{t('apiReference.requestBody')}</h4>
              <SchemaTable schema={body} document={document} label={`${operation.operationId}: ${t('apiReference.requestBody')}`} />
            </section>
          )}
          {success.map(([status, response]) => {
            const schema = resolveResponse(response, document)?.content?.['application/json']?.schema;
            return (
              <section key={status}>
                <h4>{t('apiReference.response', { status })}</h4>
                {schema ? <SchemaTable schema={schema} document={document} label={`${operation.operationId}: ${t('apiReference.response', { status })}`} /> : <p className="api-muted">{t('apiReference.noContent')}</p>}
              </section>
            );
          })}
          <section>
            <h4>{t('apiReference.errorResponses')}</h4>
            <ul className="api-errors">
              {errors.map(([status, response]) => (
                <li key={status}>
                  <code>{status}</code> {resolveResponse(response, document)?.description}
                </li>
              ))}
            </ul>
          </section>
        </div>
      </details>
    </li>
  );
}

/**
 * The public API's reference, rendered from the document the API serves (GET /openapi.json):
 * every operation by group, with its method, /v1 path, scope, parameters and schemas.
 */
export function ApiReferencePage() {
  const { t } = useTranslation();
  const ids = { search: useId(), essentials: useId() };
  const reference = useOpenApiDocument();
  const [search, setSearch] = useState('');
  const document = reference.data;
  const groups = useMemo(() => (document ? groupOperations(document) : []), [document]);
  const shown = groups.map((group) => ({ ...group, operations: group.operations.filter((entry) => matchesSearch(entry, search)) })).filter((group) => group.operations.length > 0);
  const baseUrl = document ? `${new URL(document.servers[0]?.url ?? '/api', window.location.origin).href.replace(/\/$/, '')}/v1` : '';
  const tagLabel = (tag: string) => t(`apiReference.tags.${tag}` as never, { defaultValue: tag });
  const problem = document?.components.schemas['Problem'];
  return (
    <div className="api-page">
      <PageTitle>{t('apiReference.title')}</PageTitle>
      <p className="api-intro">{t('apiReference.intro')}</p>
      {reference.isPending && <Spinner label={t('common.loading')} />}
      {reference.isError && <ErrorBox>{t('apiReference.loadFailed', { reason: reasonOf(reference.error) })}</ErrorBox>}
      {document && (
        <>
          <dl className="card api-facts">
            <div>
              <dt>{t('apiReference.baseUrl')}</dt>
              <dd>
                <code>{baseUrl}</code>
              </dd>
            </div>
            <div>
              <dt>{t('apiReference.document')}</dt>
              <dd>
                <a className="button secondary" href={documentUrl} download="openapi.json">
                  <Download size={16} aria-hidden="true" />
                  {t('apiReference.download')}
                </a>
              </dd>
            </div>
          </dl>
          <section className="api-essentials" aria-labelledby={ids.essentials}>
            <h2 id={ids.essentials} className="section-heading">
              {t('apiReference.essentials')}
            </h2>
            <div className="api-essentials-grid">
              {(['auth', 'idempotency', 'limits'] as const).map((topic) => (
                <div className="card" key={topic}>
                  <h3>{t(`apiReference.${topic}.title`)}</h3>
                  <p>{t(`apiReference.${topic}.body`)}</p>
                </div>
              ))}
              <div className="card api-essentials-errors">
                <h3>{t('apiReference.errors.title')}</h3>
                <p>{t('apiReference.errors.body')}</p>
                {problem && <SchemaTable schema={problem} document={document} label={t('apiReference.errors.title')} />}
              </div>
            </div>
          </section>
          <div className="api-toolbar">
            <div className="field api-search">
              <label htmlFor={ids.search}>{t('apiReference.search')}</label>
              <input id={ids.search} type="search" value={search} placeholder={t('apiReference.searchPlaceholder')} onChange={(event) => setSearch(event.target.value)} />
            </div>
            <nav className="api-groups" aria-label={t('apiReference.groups')}>
              {shown.map((group) => (
                <a key={group.tag} href={`#api-${group.tag}`} className="api-group-link">
                  {tagLabel(group.tag)}
                </a>
              ))}
            </nav>
          </div>
          {shown.length === 0 && <EmptyState icon={SearchX} title={t('apiReference.noMatch', { search })} />}
          {shown.map((group) => (
            <section key={group.tag} id={`api-${group.tag}`} className="api-group" aria-labelledby={`api-${group.tag}-title`}>
              <header className="api-group-header">
                <h2 id={`api-${group.tag}-title`}>
                  <Code2 size={18} aria-hidden="true" /> {tagLabel(group.tag)}
                </h2>
                <span className="api-muted">{t('apiReference.operationCount', { count: group.operations.length })}</span>
              </header>
              {group.description && <p className="api-muted">{group.description}</p>}
              <ul className="api-operations">
                {group.operations.map((entry) => (
                  <OperationCard key={entry.operation.operationId} entry={entry} document={document} />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
