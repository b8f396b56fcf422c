import { useId, useState } from 'react';
import { useApiQuery } from '@/components/common/worker-queries';
import type { Repository } from '@/lib/api';
import { t } from '@/lib/i18n';
import { useDebounced } from './hooks/useDebounced';

interface RepositoryPickerProps {
  value: string;
  provider: string;
  /** Git routes need V0; without it the field is plain text. */
  searchable: boolean;
  errors: readonly string[];
  disabled?: boolean;
  onChange: (repository: string) => void;
  onPick: (repository: Repository) => void;
}

/** A repository by name, with the server's repository search as suggestions. */
export function RepositoryPicker({
  value,
  provider,
  searchable,
  errors,
  disabled,
  onChange,
  onPick,
}: RepositoryPickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const query = useDebounced(value.trim());
  const search = useApiQuery(
    'v0.searchRepositories',
    {
      query,
      per_page: 8,
      sort: 'stars',
      order: 'desc',
      ...(provider ? { selected_provider: provider as never } : {}),
    },
    { enabled: searchable && open && query.length >= 2, retry: false, staleTime: 60_000 },
  );
  const results = open ? (search.data ?? []).filter((repo) => repo.full_name !== value) : [];
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
      {search.isError && open ? (
        <span className="field-hint">
          {t('panel.new.searchFailed', { error: search.error.message })}
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
