import { useId, useState } from 'react';
import { t } from '@/lib/i18n';
import { useDebounced } from './hooks/useDebounced';
import { type GitApi, useBranchSearch } from './hooks/useGitSearch';

interface BranchPickerProps {
  value: string;
  repository: string;
  provider: string;
  /** Which git routes the server answers; null while unknown (the field is plain text). */
  api: GitApi | null;
  connectedProviders: readonly string[];
  /** The repository's default branch, listed first. */
  defaultBranch: string | null;
  errors: readonly string[];
  disabled?: boolean;
  onChange: (branch: string) => void;
}

/** A branch of the chosen repository: its first branches at once, the server's search as you type. */
export function BranchPicker({
  value,
  repository,
  provider,
  api,
  connectedProviders,
  defaultBranch,
  errors,
  disabled,
  onChange,
}: BranchPickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState(false);
  const query = useDebounced(value.trim());
  const repo = repository.trim();
  const search = useBranchSearch({
    api,
    repository: repo,
    provider,
    connectedProviders,
    query: typed ? query : '',
    defaultBranch,
    enabled: open,
  });
  const shown = open ? search.items.filter((branch) => branch.name !== value) : [];
  return (
    <div className="field">
      <label htmlFor={`${id}-branch`}>{t('panel.new.branch')}</label>
      <input
        id={`${id}-branch`}
        className="input"
        value={value}
        placeholder={t('panel.new.branchPlaceholder')}
        autoComplete="off"
        disabled={disabled}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={errors.length ? `${id}-error` : undefined}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setTyped(true);
          setOpen(true);
          onChange(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      />
      {shown.length ? (
        <ul className="suggestions" aria-label={t('panel.new.branchSuggestions')}>
          {shown.map((branch) => (
            <li key={branch.name}>
              <button
                type="button"
                onClick={() => {
                  onChange(branch.name);
                  setTyped(false);
                  setOpen(false);
                }}
              >
                {branch.name}
                {branch.name === defaultBranch ? (
                  <span className="muted small"> {t('panel.new.defaultBranch')}</span>
                ) : null}
                {branch.protected ? (
                  <span className="muted small"> {t('panel.new.protected')}</span>
                ) : null}
              </button>
            </li>
          ))}
          {search.hasMore ? (
            <li>
              <button type="button" className="link-button" onClick={search.loadMore}>
                {t('panel.new.moreBranches')}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
      {search.error && open ? (
        <span className="field-hint">
          {t('panel.new.branchSearchFailed', { error: search.error.message })}
        </span>
      ) : null}
      {search.needsProvider && open ? (
        <span className="field-hint">{t('panel.new.connectProvider')}</span>
      ) : null}
      {errors.map((message) => (
        <span key={message} id={`${id}-error`} className="field-error" data-field-error="branch">
          {message}
        </span>
      ))}
    </div>
  );
}
