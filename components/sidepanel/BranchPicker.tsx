import { useId, useState } from 'react';
import { useApiQuery } from '@/components/common/worker-queries';
import { t } from '@/lib/i18n';
import { useDebounced } from './hooks/useDebounced';

interface BranchPickerProps {
  value: string;
  repository: string;
  provider: string;
  searchable: boolean;
  errors: readonly string[];
  disabled?: boolean;
  onChange: (branch: string) => void;
}

/** A branch of the chosen repository: its first branches at once, the server's search as you type. */
export function BranchPicker({
  value,
  repository,
  provider,
  searchable,
  errors,
  disabled,
  onChange,
}: BranchPickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState(false);
  const query = useDebounced(value.trim());
  const repo = repository.trim();
  const enabled = searchable && open && repo.includes('/');
  const firstPage = useApiQuery(
    'v0.getBranches',
    { repository: repo, per_page: 30 },
    { enabled: enabled && !(typed && query), retry: false, staleTime: 60_000 },
  );
  const found = useApiQuery(
    'v0.searchBranches',
    {
      repository: repo,
      query,
      per_page: 30,
      ...(provider ? { selected_provider: provider as never } : {}),
    },
    { enabled: enabled && typed && !!query, retry: false, staleTime: 60_000 },
  );
  const branches = typed && query ? (found.data ?? []) : (firstPage.data?.branches ?? []);
  const shown = open ? branches.filter((branch) => branch.name !== value).slice(0, 30) : [];
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
                {branch.protected ? (
                  <span className="muted small"> {t('panel.new.protected')}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {errors.map((message) => (
        <span key={message} id={`${id}-error`} className="field-error" data-field-error="branch">
          {message}
        </span>
      ))}
    </div>
  );
}
