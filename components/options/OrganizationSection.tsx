import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServerScope } from '@/components/common/server-scope';
import { useOrganizations } from '@/components/common/use-server-settings';
import type { Organization } from '@/lib/api/v1/models';
import { t } from '@/lib/i18n/options';
import type { Settings } from '@/lib/settings/schema';
import { saveSettings } from '@/lib/settings/store';
import { Field } from './Field';
import { FailureNotice, SavedNotice } from './SectionNotices';
import { SettingsErrorNotice } from './SettingsErrorNotice';
import { useLiveValue } from './use-draft';

function nameOf(org: Organization): string {
  return org.is_personal ? t('options.org.personal', { name: org.name }) : org.name;
}

/**
 * The hosted service: which of the key's organisations Handoff acts in. Left at the key's
 * default, requests name none; a chosen one goes with every request to the service as X-Org-Id
 * (the worker adds it). Everything cached from the other organisation is read again.
 */
export function OrganizationSection({ settings }: { settings: Settings }) {
  const organizations = useOrganizations({ enabled: Boolean(settings.serverUrl) });
  const serverId = useServerScope();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useLiveValue(settings.organizationId ?? '');
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const list = organizations.data;
  const byId = new Map((list?.items ?? []).map((org) => [org.id, org]));
  const fallback = list?.currentOrgId ? byId.get(list.currentOrgId) : undefined;
  const unknownSaved = Boolean(
    list && settings.organizationId && !byId.has(settings.organizationId),
  );

  const choose = (id: string) => {
    const previous = chosen;
    setChosen(id);
    setStatus(null);
    setFailure(null);
    saveSettings({ organizationId: id || null }, serverId).then(
      () => {
        const org = byId.get(id);
        setStatus(org ? t('options.org.saved', { name: org.name }) : t('options.org.savedDefault'));
        // Conversations, settings and secrets belong to an organisation: read them again.
        void queryClient.invalidateQueries({
          predicate: (query) =>
            query.queryKey[0] === 'api' && query.queryKey[1] !== 'organizations',
        });
      },
      (error: unknown) => {
        setChosen(previous);
        setFailure(error instanceof Error && error.message ? error.message : t('error.generic'));
      },
    );
  };

  return (
    <section id="organization" className="options-section" aria-labelledby="organization-title">
      <h2 id="organization-title" tabIndex={-1}>
        {t('options.org.title')}
      </h2>
      <p className="muted">{t('options.org.intro')}</p>
      {organizations.isPending ? (
        <p className="muted" role="status">
          {t('options.org.loading')}
        </p>
      ) : organizations.isError ? (
        <SettingsErrorNotice
          error={organizations.error}
          topic="organizations"
          onRetry={() => void organizations.refetch()}
        />
      ) : !list?.items.length ? (
        <p className="notice notice-info">{t('options.org.none')}</p>
      ) : list.items.length === 1 && !unknownSaved ? (
        <p>{t('options.org.one', { name: nameOf(list.items[0] as Organization) })}</p>
      ) : (
        <>
          {unknownSaved ? (
            <p className="notice notice-warning" role="alert">
              {t('options.org.unknownSaved')}
            </p>
          ) : null}
          <Field label={t('options.org.pick')} hint={t('options.org.pickHint')}>
            {(control) => (
              <select
                {...control}
                className="select input-medium"
                value={byId.has(chosen) ? chosen : ''}
                onChange={(event) => choose(event.target.value)}
              >
                <option value="">
                  {fallback
                    ? t('options.org.default', { name: nameOf(fallback) })
                    : t('options.org.defaultUnknown')}
                </option>
                {list.items.map((org) => (
                  <option key={org.id} value={org.id}>
                    {nameOf(org)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {list.complete ? null : (
            <p className="small muted">
              {t('options.org.incomplete', { count: list.items.length })}
            </p>
          )}
        </>
      )}
      <SavedNotice text={status} />
      <FailureNotice text={failure} />
    </section>
  );
}
