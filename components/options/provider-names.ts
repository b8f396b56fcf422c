import { isKnownValue, providerTypeValues } from '@/lib/api/enums';
import { type MessageKey, t } from '@/lib/i18n';

const providerKeys = {
  github: 'options.provider.github',
  gitlab: 'options.provider.gitlab',
  bitbucket: 'options.provider.bitbucket',
  bitbucket_data_center: 'options.provider.bitbucket_data_center',
  azure_devops: 'options.provider.azure_devops',
  forgejo: 'options.provider.forgejo',
  enterprise_sso: 'options.provider.enterprise_sso',
} as const satisfies Record<(typeof providerTypeValues)[number], MessageKey>;

/** A provider's name as people write it; a value from a newer server is shown as sent. */
export function providerName(provider: string): string {
  return isKnownValue(providerTypeValues, provider) ? t(providerKeys[provider]) : provider;
}
