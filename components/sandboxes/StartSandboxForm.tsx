import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { useServerScope } from '@/components/common/server-scope';
import { useApiQuery } from '@/components/common/worker-queries';
import type { SandboxInfo } from '@/lib/api/v1/models';
import { t } from '@/lib/i18n/options';
import { callApi } from '@/lib/messaging/worker-client';

/** Specs change when the operator adds images, which is rare. */
const SPECS_STALE_MS = 5 * 60_000;

export function StartSandboxForm({ onStarted }: { onStarted: (sandbox: SandboxInfo) => void }) {
  const selectId = useId();
  const serverId = useServerScope();
  const specs = useApiQuery('v1.searchSandboxSpecs', { limit: 100 }, { staleTime: SPECS_STALE_MS });
  const [chosen, setChosen] = useState<string | null>(null);
  const items = specs.data?.items ?? [];
  const specId = chosen ?? items[0]?.id ?? '';
  const spec = items.find((item) => item.id === specId);
  const create = useMutation({
    mutationFn: (sandboxSpecId: string) =>
      callApi('v1.createSandbox', { sandbox_spec_id: sandboxSpecId }, serverId),
    onSuccess: onStarted,
  });

  return (
    <form
      className="sandbox-start"
      aria-label={t('sandboxes.startTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        if (specId) create.mutate(specId);
      }}
    >
      <div className="field">
        <label htmlFor={selectId}>{t('sandboxes.specLabel')}</label>
        {specs.isPending ? (
          <p className="muted" role="status">
            {t('sandboxes.specsLoading')}
          </p>
        ) : specs.isError ? (
          <ErrorNotice error={specs.error} onRetry={() => void specs.refetch()} />
        ) : items.length === 0 ? (
          <p className="muted">{t('sandboxes.noSpecs')}</p>
        ) : (
          <select
            id={selectId}
            className="select"
            value={specId}
            onChange={(event) => setChosen(event.target.value)}
          >
            {items.map((item) => (
              <option key={item.id} value={item.id}>
                {item.id}
              </option>
            ))}
          </select>
        )}
        {spec?.working_dir ? (
          <span className="field-hint">
            {t('sandboxes.specWorkingDir', { dir: spec.working_dir })}
          </span>
        ) : null}
      </div>
      <div className="sandbox-actions">
        <button type="submit" className="btn btn-primary" disabled={!specId || create.isPending}>
          {create.isPending ? t('sandboxes.starting') : t('sandboxes.start')}
        </button>
        {create.isSuccess ? (
          <span role="status" className="muted">
            {t('sandboxes.started', { id: create.data.id })}
          </span>
        ) : null}
      </div>
      {create.isError ? <ErrorNotice error={create.error} /> : null}
    </form>
  );
}
