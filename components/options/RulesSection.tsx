// "Which server a start goes to": the person's rules (lib/servers/rules.ts), each a code host, an
// owner or a repository and the server its starts go to. A pattern in a wrong shape, a second rule
// for one place, or a server removed meanwhile is refused in words at the pattern; a rule for a
// host Handoff does not serve is kept, and said.
import { useState } from 'react';
import { t } from '@/lib/i18n/options';
import { saveServerRules } from '@/lib/servers/registry';
import { normaliseRulePattern } from '@/lib/servers/rules';
import type { ServerRule, Settings } from '@/lib/settings/schema';
import { serverById, serverName } from '@/lib/settings/servers';
import { Field, useFocusFirstInvalid } from './Field';
import { FailureNotice, SavedNotice } from './SectionNotices';
import { unservedHost } from './server-rules';

export function RulesSection({ settings }: { settings: Settings }) {
  const fallback = serverById(settings, settings.defaultServerId) ?? settings.servers[0];
  const others = settings.servers.filter((server) => server.id !== fallback?.id);
  const [pattern, setPattern] = useState('');
  const [serverId, setServerId] = useState('');
  const [errors, setErrors] = useState<{ pattern?: string }>({});
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useFocusFirstInvalid(errors);
  // The first server that is not the default, until the person picks: that is what a rule is for.
  const target = serverById(settings, serverId) ? serverId : ((others[0] ?? fallback)?.id ?? '');
  const defaultName = fallback ? serverName(fallback) : '';

  const store = (rules: ServerRule[], done: () => string, onError: (message: string) => void) => {
    setBusy(true);
    setStatus(null);
    setFailure(null);
    saveServerRules(rules)
      .then(
        () => setStatus(done()),
        (error: unknown) =>
          onError(error instanceof Error && error.message ? error.message : t('error.generic')),
      )
      .finally(() => setBusy(false));
  };

  const onAdd = () => {
    setStatus(null);
    const checked = normaliseRulePattern(pattern);
    if (!checked.ok) {
      setErrors({ pattern: checked.error });
      return;
    }
    setErrors({});
    const server = serverById(settings, target);
    store(
      [...settings.serverRules, { pattern: checked.value, serverId: target }],
      () => {
        setPattern('');
        return t('options.rules.added', {
          pattern: checked.value,
          server: server ? serverName(server) : target,
        });
      },
      // Kept as typed: a second rule for the place, or a server removed in another tab (which
      // then leaves the list of servers to pick from).
      (message) => setErrors({ pattern: message }),
    );
  };

  const onRemove = (rule: ServerRule) =>
    store(
      settings.serverRules.filter((known) => known.pattern !== rule.pattern),
      () => t('options.rules.removed', { pattern: rule.pattern }),
      setFailure,
    );

  return (
    <section id="rules" className="options-section" aria-labelledby="rules-title">
      <h2 id="rules-title" tabIndex={-1}>
        {t('options.rules.title')}
      </h2>
      <p className="muted">{t('options.rules.intro', { name: defaultName })}</p>
      {settings.serverRules.length ? (
        <ul className="options-list" aria-label={t('options.rules.listLabel')}>
          {settings.serverRules.map((rule) => {
            const server = serverById(settings, rule.serverId);
            const host = unservedHost(settings, rule.pattern);
            return (
              <li key={rule.pattern} className="options-list-item">
                <span>
                  {t('options.rules.rule', {
                    pattern: rule.pattern,
                    server: server ? serverName(server) : rule.serverId,
                  })}
                  {host ? (
                    <span className="notice notice-warning rule-warning" data-notice="rule-host">
                      {t('options.rules.unknownHost', { host })}{' '}
                      <a href="#hosts">{t('options.rules.toHosts')}</a>
                    </span>
                  ) : null}
                </span>
                <button
                  type="button"
                  className="btn btn-small btn-danger"
                  disabled={busy}
                  aria-label={t('options.rules.removeLabel', { pattern: rule.pattern })}
                  onClick={() => onRemove(rule)}
                >
                  {t('options.rules.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">{t('options.rules.none', { name: defaultName })}</p>
      )}
      <form
        ref={formRef}
        autoComplete="off"
        onSubmit={(event) => {
          event.preventDefault();
          onAdd();
        }}
      >
        <div className="options-grid">
          <Field
            label={t('options.rules.pattern')}
            hint={t('options.rules.patternHint')}
            error={errors.pattern}
          >
            {(control) => (
              <input
                {...control}
                className="input"
                type="text"
                inputMode="url"
                spellCheck={false}
                placeholder="github.com/acme"
                value={pattern}
                onChange={(event) => setPattern(event.target.value)}
              />
            )}
          </Field>
          <Field label={t('options.rules.server')}>
            {(control) => (
              <select
                {...control}
                className="select"
                value={target}
                onChange={(event) => setServerId(event.target.value)}
              >
                {settings.servers.map((server) => (
                  <option key={server.id} value={server.id}>
                    {serverName(server)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className="options-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('options.rules.add')}
          </button>
        </div>
      </form>
      <SavedNotice text={status} />
      <FailureNotice text={failure} />
    </section>
  );
}
