import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServerScope } from '@/components/common/server-scope';
import { knownSettingsGeneration, webAppSettingsUrl } from '@/components/common/server-settings';
import {
  clearProviderTokens,
  forgetAgentToken,
  providerTokensOf,
  saveAgentToken,
  sendProviderTokens,
  serverSettingsKey,
  useHostedService,
  useServerSecrets,
  useServerSettings,
} from '@/components/common/use-server-settings';
import { isProviderRefusal } from '@/components/microagents/microagent-info';
import { type CloneProvider, cloneProviders, tokenSecretName } from '@/lib/api/agent-direct/clone';
import { toApiError } from '@/lib/api/errors';
import { MCPConfigRequestSchema } from '@/lib/api/v0/mcp';
import { t } from '@/lib/i18n/options';
import { providerName } from '@/lib/i18n/words';
import type { Settings } from '@/lib/settings/schema';
import { Field, useFocusFirstInvalid } from './Field';
import {
  buildForgetProviderBody,
  buildProviderTokensBody,
  checkTokenForm,
  type KnownProvider,
  knownProviders,
  providerNeedsHost,
  providerTakesHost,
  type StoredProviders,
  type TokenFormErrors,
} from './provider-tokens';
import { FailureNotice, SavedNotice } from './SectionNotices';
import { SettingsErrorNotice } from './SettingsErrorNotice';

const hostHints: Partial<Record<KnownProvider, string>> = {
  github: 'github.com',
  gitlab: 'gitlab.com',
  bitbucket: 'bitbucket.org',
  azure_devops: 'dev.azure.com',
  forgejo: 'codeberg.org',
};

type Outcome = { tone: 'success' | 'error'; text: string; error?: unknown };

/**
 * Git provider tokens. Self-hosted servers take them from this form; the hosted service takes
 * them from its own sign-in, so there the section says where to connect providers instead of
 * offering a form that cannot work; an agent server keeps them as secrets of set names.
 */
/** The code host a token is for, from the hosts this server kind takes tokens for. */
function ProviderField<P extends string>({
  providers,
  value,
  onChange,
}: {
  providers: readonly P[];
  value: P;
  onChange: (provider: P) => void;
}) {
  return (
    <Field label={t('options.tokens.provider')}>
      {(control) => (
        <select
          {...control}
          className="select"
          value={value}
          onChange={(event) => onChange(event.target.value as P)}
        >
          {providers.map((name) => (
            <option key={name} value={name}>
              {providerName(name)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function ProviderTokensSection({ settings }: { settings: Settings }) {
  const kind = useHostedService(settings);
  const agent = knownSettingsGeneration(settings.serverInfo?.kind) === 'agent';
  return (
    <section id="git-providers" className="options-section" aria-labelledby="git-providers-title">
      <h2 id="git-providers-title" tabIndex={-1}>
        {t('options.tokens.title')}
      </h2>
      {!settings.serverUrl ? (
        <p className="muted">{t('options.tokens.noServer')}</p>
      ) : !kind.settled ? (
        <p className="muted" role="status">
          {t('options.tokens.checkingKind')}
        </p>
      ) : agent ? (
        <AgentTokenForm />
      ) : kind.hosted ? (
        <ConnectedProviders serverUrl={settings.serverUrl} />
      ) : (
        <TokenForm settings={settings} />
      )}
    </section>
  );
}

/** The hosted service: which providers its login connected, and where to change that. */
function ConnectedProviders({ serverUrl }: { serverUrl: string }) {
  const stored = useServerSettings();
  const connected = Object.entries(providerTokensOf(stored.data));
  return (
    <>
      <p>{t('options.tokens.hostedIntro')}</p>
      <p>
        <a href={webAppSettingsUrl(serverUrl, 'integrations')} target="_blank" rel="noreferrer">
          {t('options.tokens.hostedLink')}
        </a>
      </p>
      <h3>{t('options.tokens.connectedTitle')}</h3>
      {stored.isPending ? (
        <p className="muted" role="status">
          {t('options.tokens.connectedLoading')}
        </p>
      ) : stored.isError ? (
        <SettingsErrorNotice
          error={stored.error}
          topic="settings"
          onRetry={() => void stored.refetch()}
        />
      ) : connected.length ? (
        <ul className="options-list" aria-label={t('options.tokens.connectedTitle')}>
          {connected.map(([name, host]) => (
            <li key={name} className="options-list-item">
              <span>
                <strong>{providerName(name)}</strong>{' '}
                <span className="muted">{host ?? t('options.tokens.defaultHost')}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="notice notice-info">{t('options.tokens.connectedNone')}</p>
      )}
    </>
  );
}

/**
 * A self-hosted server: the tokens go straight to it, which checks them with the provider and
 * keeps them. Handoff keeps none: the token lives in this form's state until the server took
 * it, and is not a query or mutation variable (react-query would hold on to those).
 */
function TokenForm({ settings }: { settings: Settings }) {
  const serverId = useServerScope();
  const stored = useServerSettings({ enabled: Boolean(settings.serverUrl) });
  const [provider, setProvider] = useState<KnownProvider>('github');
  const [token, setToken] = useState('');
  const [host, setHost] = useState('');
  const [withMcp, setWithMcp] = useState(false);
  const [errors, setErrors] = useState<TokenFormErrors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const formRef = useFocusFirstInvalid(errors);
  const [busy, setBusy] = useState<string | null>(null);
  // A server without settings (a fresh install) answers 404 to GET /api/settings even after it
  // took tokens, so it cannot say which it holds. What this page stored during this visit
  // (provider names and hosts, never tokens) stands in, so a second token does not silently
  // replace the first.
  const [storedThisVisit, setStoredThisVisit] = useState<StoredProviders>({});
  const fresh = stored.isSuccess && !stored.data.stored;
  const generation =
    stored.data && stored.data.generation !== 'agent' ? stored.data.generation : null;

  const held: StoredProviders | null = stored.isSuccess
    ? fresh
      ? storedThisVisit
      : providerTokensOf(stored.data)
    : null;
  // Legacy servers take MCP servers along with the tokens; the 1.7+ route takes tokens alone
  // (there, MCP servers have their own section, stored on the server).
  const mcpConfig =
    generation === 'v0' && settings.defaultMcpConfig
      ? MCPConfigRequestSchema.safeParse(settings.defaultMcpConfig)
      : null;

  const explain = (error: unknown): Outcome => {
    const apiError = toApiError(error);
    if (isProviderRefusal(apiError)) {
      return {
        tone: 'error',
        text: t('options.tokens.refused', { words: apiError.serverMessage ?? '' }),
      };
    }
    return { tone: 'error', text: '', error: apiError };
  };

  const onStore = () => {
    setOutcome(null);
    const checked = checkTokenForm({ provider, token, host }, held);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (!held || !generation) {
      setOutcome({ tone: 'error', text: t('options.tokens.storedUnknown') });
      return;
    }
    const body = buildProviderTokensBody(
      { provider, token: checked.token, host: checked.host },
      held,
      withMcp && mcpConfig?.success ? mcpConfig.data : undefined,
    );
    setBusy('store');
    sendProviderTokens(generation, body, serverId)
      .then(
        (answer) => {
          setToken('');
          setStoredThisVisit({ ...held, [provider]: checked.host ?? held[provider] ?? null });
          setOutcome({
            tone: 'success',
            text: t('options.tokens.stored', {
              provider: providerName(provider),
              words: answer.message ?? '',
            }),
          });
          void stored.refetch();
        },
        (error) => {
          const explained = explain(error);
          // The provider's refusal is about the token: say it next to the token field.
          if (explained.text) setErrors({ token: explained.text });
          else setOutcome(explained);
        },
      )
      .finally(() => setBusy(null));
  };

  const onForget = (name: string) => {
    if (!held || !generation) return;
    setOutcome(null);
    const body = buildForgetProviderBody(name, held);
    setBusy(name);
    // Forgetting the last one uses the route that forgets them all: an empty map would leave
    // the server to guess.
    const call = body
      ? sendProviderTokens(generation, body, serverId)
      : clearProviderTokens(generation, serverId);
    call
      .then(
        () => {
          setStoredThisVisit(
            Object.fromEntries(Object.entries(held).filter(([known]) => known !== name)),
          );
          setOutcome({
            tone: 'success',
            text: t('options.tokens.forgotten', { provider: providerName(name) }),
          });
          void stored.refetch();
        },
        (error) => setOutcome(explain(error)),
      )
      .finally(() => setBusy(null));
  };

  const hostHint = providerNeedsHost(provider)
    ? t('options.tokens.hostHintRequired')
    : t('options.tokens.hostHint', { host: hostHints[provider] ?? '' });

  return (
    <>
      <p className="muted">{t('options.tokens.intro')}</p>

      <h3>{t('options.tokens.heldTitle')}</h3>
      {stored.isPending ? (
        <p className="muted" role="status">
          {t('options.tokens.heldLoading')}
        </p>
      ) : stored.isError ? (
        <SettingsErrorNotice
          error={stored.error}
          topic="settings"
          onRetry={() => void stored.refetch()}
        />
      ) : held && Object.keys(held).length ? (
        <>
          {fresh ? <p className="muted">{t('options.tokens.heldFreshVisit')}</p> : null}
          <ul className="options-list" aria-label={t('options.tokens.heldTitle')}>
            {Object.entries(held).map(([name, heldHost]) => (
              <li key={name} className="options-list-item">
                <span>
                  <strong>{providerName(name)}</strong>{' '}
                  <span className="muted">
                    {heldHost ? heldHost : t('options.tokens.defaultHost')}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn btn-small btn-danger"
                  disabled={busy !== null}
                  onClick={() => onForget(name)}
                  aria-label={t('options.tokens.forgetLabel', { provider: providerName(name) })}
                >
                  {t('options.tokens.forget')}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : fresh ? (
        <p className="notice notice-info">{t('options.tokens.heldFresh')}</p>
      ) : (
        <p className="muted">{t('options.tokens.heldNone')}</p>
      )}

      <h3>{t('options.tokens.addTitle')}</h3>
      <form ref={formRef} onSubmit={(event) => event.preventDefault()} autoComplete="off">
        <div className="options-grid">
          <ProviderField
            providers={knownProviders}
            value={provider}
            onChange={(name) => {
              setProvider(name);
              setErrors({});
            }}
          />
          {providerTakesHost(provider) ? (
            <Field label={t('options.tokens.host')} hint={hostHint} error={errors.host}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  type="text"
                  spellCheck={false}
                  autoComplete="off"
                  value={host}
                  onChange={(event) => setHost(event.target.value)}
                />
              )}
            </Field>
          ) : null}
        </div>
        <Field
          label={t('options.tokens.token')}
          hint={
            held && Object.hasOwn(held, provider)
              ? t('options.tokens.tokenHintHeld')
              : t('options.tokens.tokenHint')
          }
          error={errors.token}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={token}
              onChange={(event) => setToken(event.target.value)}
            />
          )}
        </Field>
        {mcpConfig?.success ? (
          <label className="options-check">
            <input
              type="checkbox"
              checked={withMcp}
              onChange={(event) => setWithMcp(event.target.checked)}
            />
            {t('options.tokens.withMcp')}
          </label>
        ) : null}
        <div className="options-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy !== null || !settings.serverUrl || stored.isPending}
            onClick={onStore}
          >
            {t('options.tokens.store')}
          </button>
          {busy === 'store' ? <span className="muted">{t('options.tokens.storing')}</span> : null}
        </div>
      </form>
      <SavedNotice text={outcome?.tone === 'success' ? outcome.text : null} />
      {outcome?.tone === 'error' ? (
        outcome.error ? (
          <SettingsErrorNotice error={outcome.error} topic="tokens" />
        ) : (
          <FailureNotice text={outcome.text} />
        )
      ) : null}
    </>
  );
}

/**
 * An agent server: its clone helper reads the secrets github_token, gitlab_token and
 * bitbucket_token, so those are its provider tokens. The list is the secrets query (shared with
 * the secrets section); a token lives in this form's state until the server took it.
 */
function AgentTokenForm() {
  const serverId = useServerScope();
  const secrets = useServerSecrets();
  const queryClient = useQueryClient();
  const [provider, setProvider] = useState<CloneProvider>('github');
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<TokenFormErrors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const formRef = useFocusFirstInvalid(errors);
  const items = secrets.data?.items ?? [];
  const secretOf = (name: CloneProvider) =>
    items.find((item) => item.name === tokenSecretName(name));
  const held = cloneProviders.filter((name) => secretOf(name));
  // The settings carry the providers too (for the side panel): both are read again.
  const reload = () =>
    Promise.all([
      secrets.refetch(),
      queryClient.invalidateQueries({ queryKey: serverSettingsKey }),
    ]);

  const onStore = () => {
    setOutcome(null);
    const checked = checkTokenForm({ provider, token, host: '' }, null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const words = { provider: providerName(provider), secret: tokenSecretName(provider) };
    const description =
      secretOf(provider)?.description || t('options.tokens.agentDescription', words);
    setBusy('store');
    saveAgentToken(provider, checked.token, description, serverId)
      .then(
        async () => {
          setToken('');
          await reload();
          setOutcome({ tone: 'success', text: t('options.tokens.agentStored', words) });
        },
        // The token stays typed: the person fixes what the notice says and stores it again.
        (error: unknown) => setOutcome({ tone: 'error', text: '', error }),
      )
      .finally(() => setBusy(null));
  };

  const onForget = (name: CloneProvider) => {
    setOutcome(null);
    setBusy(name);
    forgetAgentToken(name, serverId)
      .then(
        async () => {
          await reload();
          setOutcome({
            tone: 'success',
            text: t('options.tokens.agentForgotten', {
              provider: providerName(name),
              secret: tokenSecretName(name),
            }),
          });
        },
        (error: unknown) => setOutcome({ tone: 'error', text: '', error }),
      )
      .finally(() => setBusy(null));
  };

  return (
    <>
      <p className="muted">{t('options.tokens.agentIntro')}</p>

      <h3>{t('options.tokens.heldTitle')}</h3>
      {secrets.isPending ? (
        <p className="muted" role="status">
          {t('options.tokens.heldLoading')}
        </p>
      ) : secrets.isError ? (
        <SettingsErrorNotice
          error={secrets.error}
          topic="tokens"
          onRetry={() => void secrets.refetch()}
        />
      ) : held.length ? (
        <ul className="options-list" aria-label={t('options.tokens.heldTitle')}>
          {held.map((name) => (
            <li key={name} className="options-list-item">
              <span>
                <strong>{providerName(name)}</strong>{' '}
                <span className="muted">
                  {t('options.tokens.agentSecret', { secret: tokenSecretName(name) })}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-small btn-danger"
                disabled={busy !== null}
                onClick={() => onForget(name)}
                aria-label={t('options.tokens.forgetLabel', { provider: providerName(name) })}
              >
                {t('options.tokens.forget')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('options.tokens.agentNone')}</p>
      )}

      <h3>{t('options.tokens.addTitle')}</h3>
      <form ref={formRef} onSubmit={(event) => event.preventDefault()} autoComplete="off">
        <ProviderField
          providers={cloneProviders}
          value={provider}
          onChange={(name) => {
            setProvider(name);
            setErrors({});
          }}
        />
        <Field
          label={t('options.tokens.token')}
          hint={
            held.includes(provider)
              ? t('options.tokens.agentTokenHintHeld', { provider: providerName(provider) })
              : t('options.tokens.agentTokenHint', { host: hostHints[provider] ?? '' })
          }
          error={errors.token}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={token}
              onChange={(event) => setToken(event.target.value)}
            />
          )}
        </Field>
        <div className="options-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy !== null || secrets.isPending}
            onClick={onStore}
          >
            {t('options.tokens.store')}
          </button>
          {busy === 'store' ? <span className="muted">{t('options.tokens.storing')}</span> : null}
        </div>
      </form>
      <SavedNotice text={outcome?.tone === 'success' ? outcome.text : null} />
      {outcome?.tone === 'error' && outcome.error ? (
        <SettingsErrorNotice error={outcome.error} topic="tokens" />
      ) : null}
    </>
  );
}
