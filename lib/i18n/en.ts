// Every string Handoff shows, in one folder and in our own words, so a translation is one
// folder. Each surface keeps its strings in its own file; keys are prefixed by where they appear.
// The words every page uses are merged here; the options page's and the skills viewer's are
// merged with these in ./options.ts and ./skills.ts. `{name}` placeholders are filled by `t()`.
import { panelStrings } from './en-panel';
import { workerStrings } from './en-worker';

const commonStrings = {
  'app.name': 'Handoff',
  'common.retry': 'Try again',
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.save': 'Save',
  'common.loading': 'Loading…',
  'common.details': 'Details',
  'error.generic': 'Something went wrong.',
  'error.fields': 'Some fields need attention.',
  'setup.title': 'Connect Handoff to a server',
  'setup.intro':
    'Handoff hands work to agents on an OpenHands-compatible server. Enter its address, and its key if it has one.',
  'setup.keyHint':
    'The server’s session key, or a key from the hosted service’s settings. Leave empty if the server needs none.',
  'setup.save': 'Save and connect',
  'setup.accessDenied': 'Handoff was not allowed to reach {address}. Allow it to connect.',
  'setup.moreInOptions': 'Self-hosted code hosts, tokens and defaults are in the options.',
  'setup.openOptions': 'Open options',
  'provider.github': 'GitHub',
  'provider.gitlab': 'GitLab',
  'provider.bitbucket': 'Bitbucket',
  'provider.bitbucket_data_center': 'Bitbucket Data Center',
  'provider.azure_devops': 'Azure DevOps',
  'provider.forgejo': 'Forgejo',
  'provider.enterprise_sso': 'Enterprise SSO',
} as const;

export const en = {
  ...commonStrings,
  ...panelStrings,
  ...workerStrings,
} as const;

export type MessageKey = keyof typeof en;
