import { useId, useState } from 'react';
import type { Repository } from '@/lib/api';
import { t } from '@/lib/i18n';
import { useDebounced } from './hooks/useDebounced';
import { type GitApi, useRepositorySearch } from './hooks/useGitSearch';

interface RepositoryPickerProps {
  value: string;
  provider: string;
  /** Which git routes the server answers; null while unknown (the field is plain text). */
  api: GitApi | null;
  /** Providers the server holds a token for: searched when the form names none. */
  connectedProviders: readonly string[];
  errors: readonly string[];
  disabled?: boolean;
  onChange: (repository: string) => void;
  onPick: (repository: Repository) => void;
}

/** A repository by name, with the server's repository search as suggestions. */
export function RepositoryPicker({
  value,
  provider,
  api,
  connectedProviders,
  errors,
  disabled,
  onChange,
  onPick,
}: RepositoryPickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const query = useDebounced(value.trim());
  const search = useRepositorySearch({ api, query, provider, connectedProviders, enabled: open });
  const results = open ? search.items.filter((repo) => repo.full_name !== value) : [];
  return (
    <div className="field">
      <label htmlFor={`${id}-repo`}>{t('panel.new.repository')}</label>
      <input
        id={`${id}-repo`}
        className="input"
        value={value}
        placeholder="owner/name"
        autoComplete="off"
        disabled={disabled}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={errors.length ? `${id}-error` : `${id}-hint`}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      />
      <span id={`${id}-hint`} className="field-hint">
        {t('panel.new.repositoryHint')}
      </span>
      {search.error && open ? (
        <span className="field-hint">
          {t('panel.new.searchFailed', { error: search.error.message })}
        </span>
      ) : null}
      {search.agentNote && open ? (
        <span className="field-hint" data-agent-note={search.agentNote}>
          {t(`panel.new.agentSearch.${search.agentNote}`)}
        </span>
      ) : null}
      {search.needsProvider && open ? (
        <span className="field-hint" data-needs-provider="">
          {t('panel.new.connectProvider')}
        </span>
      ) : null}
      {results.length ? (
        <ul className="suggestions" aria-label={t('panel.new.repositorySuggestions')}>
          {results.map((repo) => (
            <li key={`${repo.git_provider}:${repo.full_name}`}>
              <button
                type="button"
                onClick={() => {
                  onPick(repo);
                  setOpen(false);
                }}
              >
                {repo.full_name}
                <span className="muted small">
                  {' '}
                  {[repo.git_provider, repo.main_branch].filter(Boolean).join(' · ')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {errors.map((message) => (
        <span
          key={message}
          id={`${id}-error`}
          className="field-error"
          data-field-error="repository"
        >
          {message}
        </span>
      ))}
    </div>
  );
}
