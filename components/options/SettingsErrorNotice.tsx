import { ErrorNotice } from '@/components/common/ErrorNotice';
import { toApiError } from '@/lib/api/errors';
import { AGENT_MCP_ROUTES_SINCE, AGENT_SECRETS_SINCE } from '@/lib/api/versions';
import { t } from '@/lib/i18n/options';

/** What a section reads or changes on the server, for "this server does not offer …". */
export type SettingsTopic = 'settings' | 'tokens' | 'secrets' | 'mcp' | 'organizations';

const topicWords: Record<SettingsTopic, Parameters<typeof t>[0]> = {
  settings: 'options.errors.topicSettings',
  tokens: 'options.errors.topicTokens',
  secrets: 'options.errors.topicSecrets',
  mcp: 'options.errors.topicMcp',
  organizations: 'options.errors.topicOrganizations',
};

/** An agent server's settings routes that came after the oldest agent server Handoff takes. */
const agentRoutesSince: Record<string, string> = {
  'agent.listSecrets': AGENT_SECRETS_SINCE,
  'agent.saveSecret': AGENT_SECRETS_SINCE,
  'agent.deleteSecret': AGENT_SECRETS_SINCE,
  'agent.createMcpServer': AGENT_MCP_ROUTES_SINCE,
  'agent.updateMcpServer': AGENT_MCP_ROUTES_SINCE,
  'agent.deleteMcpServer': AGENT_MCP_ROUTES_SINCE,
};

/**
 * The next step after a failure of the server's settings routes, beyond what the error says
 * itself (which names the status and the server's own words): where to go and what to do.
 */
export function nextStepFor(error: unknown, topic: SettingsTopic): string | null {
  const apiError = toApiError(error);
  const words = apiError.serverMessage ?? '';
  if (apiError.isMissingRoute()) {
    const since = apiError.endpoint ? agentRoutesSince[apiError.endpoint] : undefined;
    return since
      ? t('options.errors.agentTooOld', { what: t(topicWords[topic]), version: since })
      : t('options.errors.missingRoute', { what: t(topicWords[topic]) });
  }
  switch (apiError.kind) {
    case 'unauthorized':
      return t('options.errors.unauthorized');
    case 'forbidden':
      return /not a member of the requested organi[sz]ation/i.test(words)
        ? t('options.errors.notMember')
        : t('options.errors.forbidden');
    case 'bad-request':
      return /X-Org-Id/i.test(words) ? t('options.errors.badOrganization') : null;
    case 'rate-limited':
      return apiError.retryAfter !== undefined
        ? t('options.errors.rateLimitedWait', { seconds: Math.max(1, apiError.retryAfter) })
        : t('options.errors.rateLimited');
    case 'network':
    case 'timeout':
      return t('options.errors.unreachable');
    default:
      return null;
  }
}

interface SettingsErrorNoticeProps {
  error: unknown;
  topic: SettingsTopic;
  onRetry?: () => void;
  /** Field errors shown next to their fields are not repeated here. */
  hideFieldErrors?: boolean;
}

/** A failure of the server's settings routes, in words, with what to do next. */
export function SettingsErrorNotice({
  error,
  topic,
  onRetry,
  hideFieldErrors,
}: SettingsErrorNoticeProps) {
  if (!error) return null;
  return (
    <ErrorNotice
      error={error}
      onRetry={onRetry}
      hideFieldErrors={hideFieldErrors}
      next={nextStepFor(error, topic)}
    />
  );
}
