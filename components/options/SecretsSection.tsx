import { useEffect, useRef, useState } from 'react';
import { useServerScope } from '@/components/common/server-scope';
import { knownSettingsGeneration, type SecretList } from '@/components/common/server-settings';
import {
  createSecret,
  deleteSecret,
  updateSecret,
  useServerSecrets,
} from '@/components/common/use-server-settings';
import { t } from '@/lib/i18n/options';
import type { Settings } from '@/lib/settings/schema';
import { Field, useFocusFirstInvalid } from './Field';
import { SavedNotice } from './SectionNotices';
import { SettingsErrorNotice } from './SettingsErrorNotice';
import {
  addContext,
  checkNewSecret,
  checkSecretEdit,
  type NewSecretDraft,
  replacesInPlace,
  type SecretEditDraft,
  type SecretFormErrors,
  serverNameError,
} from './secrets-form';

/**
 * Custom secrets: names and descriptions as the server lists them, never values. The list is
 * the shared query (use-server-settings.ts, which picks the routes of the server's kind); the
 * forms below call the server directly with plain promises, so a typed value lives only in
 * the add form's state until the server took it, and is never a query or mutation variable.
 */
export function SecretsSection({ settings }: { settings: Settings }) {
  const secrets = useServerSecrets({ enabled: Boolean(settings.serverUrl) });
  const agent = knownSettingsGeneration(settings.serverInfo?.kind) === 'agent';
  return (
    <section id="secrets" className="options-section" aria-labelledby="secrets-title">
      <h2 id="secrets-title" tabIndex={-1}>
        {t('options.secrets.title')}
      </h2>
      <p className="muted">
        {agent ? t('options.secrets.introAgent') : t('options.secrets.intro')}
      </p>
      {!settings.serverUrl ? (
        <p className="muted">{t('options.secrets.noServer')}</p>
      ) : secrets.isPending ? (
        <p className="muted" role="status">
          {t('options.secrets.loading')}
        </p>
      ) : secrets.isError ? (
        <SettingsErrorNotice
          error={secrets.error}
          topic="secrets"
          onRetry={() => void secrets.refetch()}
        />
      ) : (
        <SecretsEditor list={secrets.data} reload={() => secrets.refetch()} />
      )}
    </section>
  );
}

type Outcome = { tone: 'success'; text: string } | { tone: 'error'; error: unknown };

interface SecretsEditorProps {
  list: SecretList;
  reload: () => Promise<unknown>;
}

function SecretsEditor({ list, reload }: SecretsEditorProps) {
  const serverId = useServerScope();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const names = list.items.map((item) => item.name);
  // An agent server takes a value with every change: there, a secret is changed by adding it
  // again under its name.
  const generation = list.generation;
  const editable = generation !== 'agent';

  /** After the server took a change: the list again, the words, and focus back on the list. */
  const done = async (text: string) => {
    setEditing(null);
    setConfirming(null);
    await reload();
    setOutcome({ tone: 'success', text });
    listHeading.current?.focus();
  };

  const onDelete = (name: string) => {
    setOutcome(null);
    setBusy(`delete:${name}`);
    deleteSecret(list.generation, name, serverId)
      .then(
        () => done(t('options.secrets.deleted', { name })),
        (error: unknown) => setOutcome({ tone: 'error', error }),
      )
      .finally(() => setBusy(null));
  };

  return (
    <>
      <h3 id="secrets-list-title" ref={listHeading} tabIndex={-1}>
        {t('options.secrets.listTitle')}
      </h3>
      {list.items.length === 0 ? (
        <p className="muted">{t('options.secrets.none')}</p>
      ) : (
        <ul className="options-list" aria-labelledby="secrets-list-title">
          {list.items.map((item) => (
            <li key={item.name} className="options-list-item secrets-item">
              {editing === item.name && generation !== 'agent' ? (
                <EditSecretForm
                  generation={generation}
                  name={item.name}
                  description={item.description ?? ''}
                  names={names}
                  onCancel={() => setEditing(null)}
                  onSaved={(newName) => done(t('options.secrets.edited', { name: newName }))}
                />
              ) : (
                <>
                  <span className="secrets-item-text">
                    <strong className="secrets-item-name">{item.name}</strong>{' '}
                    <span className="muted">
                      {item.description || t('options.secrets.noDescription')}
                    </span>
                  </span>
                  {confirming === item.name ? (
                    <ConfirmDelete
                      name={item.name}
                      busy={busy === `delete:${item.name}`}
                      onConfirm={() => onDelete(item.name)}
                      onCancel={() => setConfirming(null)}
                    />
                  ) : (
                    <span className="options-actions-inline">
                      {editable ? (
                        <button
                          type="button"
                          className="btn btn-small"
                          disabled={busy !== null}
                          aria-label={t('options.secrets.editLabel', { name: item.name })}
                          onClick={() => {
                            setOutcome(null);
                            setConfirming(null);
                            setEditing(item.name);
                          }}
                        >
                          {t('options.secrets.edit')}
                        </button>
                      ) : null}
                      <button
                        type="button"
                        className="btn btn-small btn-danger"
                        disabled={busy !== null}
                        aria-label={t('options.secrets.deleteLabel', { name: item.name })}
                        onClick={() => {
                          setOutcome(null);
                          setEditing(null);
                          setConfirming(item.name);
                        }}
                      >
                        {t('options.secrets.delete')}
                      </button>
                    </span>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable ? null : <p className="muted">{t('options.secrets.changeAgent')}</p>}
      {list.complete ? null : (
        <p className="notice notice-info">
          {t('options.secrets.incomplete', { count: list.items.length })}
        </p>
      )}
      <SavedNotice text={outcome?.tone === 'success' ? outcome.text : null} />
      {outcome?.tone === 'error' ? (
        <SettingsErrorNotice error={outcome.error} topic="secrets" />
      ) : null}
      <AddSecretForm
        list={list}
        names={names}
        onAdded={(text) => {
          setOutcome(null);
          return reload().then(() => setOutcome({ tone: 'success', text }));
        }}
      />
    </>
  );
}

interface ConfirmDeleteProps {
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before deleting: keyboard focus lands on the question's own delete button. */
function ConfirmDelete({ name, busy, onConfirm, onCancel }: ConfirmDeleteProps) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div
      className="notice notice-warning secrets-confirm"
      role="alertdialog"
      aria-label={t('options.secrets.deleteLabel', { name })}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p>{t('options.secrets.confirmDelete', { name })}</p>
      <span className="options-actions-inline">
        <button
          ref={confirm}
          type="button"
          className="btn btn-small btn-danger"
          disabled={busy}
          onClick={onConfirm}
        >
          {t('options.secrets.confirmDeleteButton')}
        </button>
        <button type="button" className="btn btn-small" disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </button>
        {busy ? <span className="muted">{t('options.secrets.deleting')}</span> : null}
      </span>
    </div>
  );
}

interface EditSecretFormProps {
  generation: 'v1' | 'v0';
  name: string;
  description: string;
  names: readonly string[];
  onCancel: () => void;
  onSaved: (name: string) => Promise<void>;
}

/** Renames or describes one secret in place; its value stays as the server keeps it. */
function EditSecretForm({
  generation,
  name,
  description,
  names,
  onCancel,
  onSaved,
}: EditSecretFormProps) {
  const serverId = useServerScope();
  const [draft, setDraft] = useState<SecretEditDraft>({ name, description });
  const [errors, setErrors] = useState<SecretFormErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useFocusFirstInvalid(errors);
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => firstField.current?.focus(), []);

  const onSave = () => {
    setFailure(null);
    const checked = checkSecretEdit(draft, name, names);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    updateSecret(generation, name, checked.change, serverId)
      .then(
        () => onSaved(checked.change.name),
        (error: unknown) => {
          // What was typed stays: the person fixes it and saves again.
          const nameError = serverNameError(error, checked.change.name, 'rename');
          if (nameError) setErrors({ name: nameError });
          else setFailure(error);
        },
      )
      .finally(() => setBusy(false));
  };

  return (
    <form
      ref={formRef}
      className="secrets-edit"
      aria-label={t('options.secrets.editTitle', { name })}
      autoComplete="off"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) onCancel();
      }}
    >
      <Field
        label={t('options.secrets.name')}
        hint={t('options.secrets.nameHint')}
        error={errors.name}
      >
        {(control) => (
          <input
            {...control}
            ref={firstField}
            className="input"
            type="text"
            spellCheck={false}
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
        )}
      </Field>
      <Field label={t('options.secrets.description')} hint={t('options.secrets.descriptionHint')}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            value={draft.description}
            onChange={(event) => setDraft({ ...draft, description: event.target.value })}
          />
        )}
      </Field>
      <div className="options-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('options.secrets.saveEdit')}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </button>
        {busy ? <span className="muted">{t('options.secrets.saving')}</span> : null}
      </div>
      {failure ? <SettingsErrorNotice error={failure} topic="secrets" hideFieldErrors /> : null}
    </form>
  );
}

const emptyDraft: NewSecretDraft = { name: '', value: '', description: '', replace: false };

interface AddSecretFormProps {
  list: SecretList;
  names: readonly string[];
  onAdded: (text: string) => Promise<void>;
}

/** Sends a new secret once; the typed value is forgotten as soon as the server took it. */
function AddSecretForm({ list, names, onAdded }: AddSecretFormProps) {
  const serverId = useServerScope();
  const [draft, setDraft] = useState<NewSecretDraft>(emptyDraft);
  const [errors, setErrors] = useState<SecretFormErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useFocusFirstInvalid(errors);
  const update = (patch: Partial<NewSecretDraft>) => {
    setDraft({ ...draft, ...patch });
    setFailure(null);
  };
  const typedName = draft.name.trim();
  // Current servers replace a value in place; a legacy one refuses a name in use.
  const offersReplace = replacesInPlace(list.generation) && names.includes(typedName);
  const nameHint =
    list.generation === 'agent'
      ? t('options.secrets.nameHintAgent')
      : t('options.secrets.nameHint');

  const onAdd = () => {
    setFailure(null);
    const checked = checkNewSecret(draft, names, list.generation);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    const { name } = checked.secret;
    // An agent server sets the description with the value: a replaced secret keeps its own
    // unless a new one was typed.
    const kept = list.items.find((item) => item.name === name)?.description ?? null;
    const secret =
      list.generation === 'agent' && checked.secret.description === undefined
        ? { ...checked.secret, description: kept }
        : checked.secret;
    createSecret(list.generation, secret, serverId)
      .then(
        async () => {
          setDraft(emptyDraft);
          await onAdded(
            checked.replacing
              ? t('options.secrets.replaced', { name })
              : t('options.secrets.added', { name }),
          );
        },
        (error: unknown) => {
          // Everything typed stays, the value too, so nothing has to be typed again.
          const nameError = serverNameError(error, name, addContext(list.generation));
          if (nameError) setErrors({ name: nameError });
          else setFailure(error);
        },
      )
      .finally(() => setBusy(false));
  };

  return (
    <>
      <h3>{t('options.secrets.addTitle')}</h3>
      <form
        ref={formRef}
        aria-label={t('options.secrets.addTitle')}
        autoComplete="off"
        onSubmit={(event) => {
          event.preventDefault();
          onAdd();
        }}
      >
        <div className="options-grid">
          <Field label={t('options.secrets.name')} hint={nameHint} error={errors.name}>
            {(control) => (
              <input
                {...control}
                className="input"
                type="text"
                spellCheck={false}
                placeholder="NPM_TOKEN"
                value={draft.name}
                onChange={(event) => update({ name: event.target.value })}
              />
            )}
          </Field>
          <Field
            label={t('options.secrets.value')}
            hint={t('options.secrets.valueHint')}
            error={errors.value}
          >
            {(control) => (
              <input
                {...control}
                className="input"
                type="password"
                autoComplete="new-password"
                spellCheck={false}
                value={draft.value}
                onChange={(event) => update({ value: event.target.value })}
              />
            )}
          </Field>
        </div>
        <Field label={t('options.secrets.description')} hint={t('options.secrets.descriptionHint')}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="text"
              value={draft.description}
              onChange={(event) => update({ description: event.target.value })}
            />
          )}
        </Field>
        {offersReplace ? (
          <label className="options-check">
            <input
              type="checkbox"
              checked={draft.replace}
              onChange={(event) => update({ replace: event.target.checked })}
            />
            {t('options.secrets.replace', { name: typedName })}
          </label>
        ) : null}
        <div className="options-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('options.secrets.add')}
          </button>
          {busy ? <span className="muted">{t('options.secrets.adding')}</span> : null}
        </div>
      </form>
      {failure ? <SettingsErrorNotice error={failure} topic="secrets" hideFieldErrors /> : null}
    </>
  );
}
