/**
 * 'API Keys': an admin names a key for an API client, copies it once (only its hash is kept), and
 * revokes it when it is no longer used. A request with `Authorization: Bearer <key>` reads under the
 * key's limit instead of its address's (docs/product.md "Follow and share").
 */
import { useId, useState, type FormEvent } from 'react';
import { API_KEY_NAME_MAX, formatMoment, type CreatedApiKey } from '@friends/shared';
import { Section } from '../../../components/section';
import { reportError } from '../../../lib/report-error';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import './api-keys.css';

export function ApiKeysPanel() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const nameId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setCreated(await create.mutateAsync(name.trim()));
      setName('');
    } catch (error) {
      reportError(error, 'Could not create the API key', { serverMessageFor: 'any' });
    }
  };

  const remove = async (id: number, keyName: string) => {
    if (!window.confirm(`Revoke the API key "${keyName}"? Clients using it get 401 from then on.`)) return;
    try {
      await revoke.mutateAsync(id);
      if (created?.id === id) setCreated(null);
    } catch (error) {
      reportError(error, 'Could not revoke the API key', { serverMessageFor: 'any' });
    }
  };

  const list = keys.data ?? [];
  return (
    <Section title={`API Keys (${list.length})`} className="admin-api-keys">
      <form className="admin-api-keys__form" onSubmit={(event) => void submit(event)}>
        <div className="admin-field">
          <label htmlFor={nameId}>Key name</label>
          <input
            id={nameId}
            type="text"
            value={name}
            maxLength={API_KEY_NAME_MAX}
            placeholder="Who uses it, e.g. Fan wiki bot"
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button
          type="submit"
          className="admin-button admin-button--primary"
          disabled={!name.trim() || create.isPending}
        >
          Create API Key
        </button>
      </form>
      {created ? (
        <div className="admin-api-keys__created" role="status">
          <p>Key for “{created.name}”: copy it now, it is not shown again.</p>
          <code className="admin-api-keys__key">{created.key}</code>
        </div>
      ) : null}
      {keys.isPending ? (
        <p className="admin-muted">Loading API keys…</p>
      ) : keys.isError ? (
        <p className="admin-muted">Could not load API keys.</p>
      ) : list.length === 0 ? (
        <p className="admin-empty">No API keys</p>
      ) : (
        <ul className="admin-list" aria-label="API keys">
          {list.map((key) => (
            <li key={key.id} className="admin-api-keys__row">
              <span className="admin-api-keys__name">{key.name}</span>
              <span className="admin-muted">
                created {formatMoment(key.createdAt)} · {key.rateLimit.toLocaleString()} reads a minute
              </span>
              <button
                type="button"
                className="admin-button admin-button--danger"
                onClick={() => void remove(key.id, key.name)}
                aria-label={`Revoke ${key.name}`}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
