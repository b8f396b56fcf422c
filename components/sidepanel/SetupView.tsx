import { t } from '@/lib/i18n';

/** No server yet: what Handoff needs, and the way to the options. */
export function SetupView({ onOpenOptions }: { onOpenOptions: () => void }) {
  return (
    <div className="panel-scroll">
      <h1>{t('setup.title')}</h1>
      <p>{t('setup.body')}</p>
      <button type="button" className="btn btn-primary" onClick={onOpenOptions}>
        {t('setup.openOptions')}
      </button>
    </div>
  );
}
