// The `push` scenario: the scripted agent does what the provider skills tell an agent to do when
// asked to push (OpenHands/extensions skills/github: a branch of its own, then push with the
// token from the environment). It really runs its commands in the conversation's workspace on
// the agent server (agent-server/shell.ts against seed/git-world.ts), with the secrets the
// conversation was started with exported as the agent server exports them, so whether the
// push works depends on the token it really got, and the observations show git's own words.
import type { Provider } from '../seed/git-world';
import { findRepository } from '../seed/git-world';
import {
  assistantMessageEvent,
  stateUpdate,
  terminalAction,
  type V1Template,
} from './v1-scenarios';

const hostOf: Record<Provider, string> = {
  github: 'github.com',
  gitlab: 'gitlab.com',
  bitbucket: 'bitbucket.org',
};

/** The token's variable and the user name it goes with in an HTTPS URL, per host. */
const tokenUrl: Record<Provider, { variable: string; user: string }> = {
  github: { variable: 'GITHUB_TOKEN', user: 'x-access-token' },
  gitlab: { variable: 'GITLAB_TOKEN', user: 'oauth2' },
  bitbucket: { variable: 'BITBUCKET_TOKEN', user: 'x-token-auth' },
};

export interface PushWorkspace {
  workingDir: string;
  /** The workspace's clone, or null when it is not one. */
  clone: { repository: string; branch: string } | null;
  conversationId: string;
}

export function pushScenario(workspace: PushWorkspace): V1Template[] {
  const repository = workspace.clone ? findRepository(workspace.clone.repository) : undefined;
  if (!workspace.clone || !repository) {
    return [
      {
        delay: 900,
        event: assistantMessageEvent(
          `${workspace.workingDir} is not a clone of a repository I know, so there is nothing to push.`,
        ),
      },
      { delay: 10, event: stateUpdate('execution_status', 'finished') },
    ];
  }
  const provider = repository.git_provider;
  const { variable, user } = tokenUrl[provider];
  const branch = `openhands/push-${workspace.conversationId.replaceAll('-', '').slice(0, 8)}`;
  const look = 'git remote -v && git rev-parse --abbrev-ref HEAD';
  const create = `git checkout -b ${branch}`;
  const push = `git push https://${user}:$${variable}@${hostOf[provider]}/${repository.full_name}.git HEAD:${branch}`;
  return [
    {
      delay: 800,
      ref: 'look',
      event: terminalAction(look, 'Let me see which repository and branch this workspace is on.'),
    },
    { delay: 150, actionRef: 'look', command: look, event: {} },
    {
      delay: 700,
      ref: 'branch',
      event: terminalAction(create, 'I will put the work on a branch of its own.'),
    },
    { delay: 100, actionRef: 'branch', command: create, event: {} },
    {
      delay: 700,
      ref: 'push',
      event: terminalAction(push, `Now I push the branch, with the token in $${variable}.`),
    },
    { delay: 100, actionRef: 'push', command: push, event: {} },
    {
      delay: 800,
      event: {},
      eventFrom: ({ exitCode }) =>
        assistantMessageEvent(
          exitCode === 0
            ? `I pushed the branch \`${branch}\` to ${repository.full_name}.`
            : `I could not push \`${branch}\` to ${repository.full_name}: the host did not accept the token in $${variable}.`,
        ),
    },
    { delay: 10, event: stateUpdate('execution_status', 'finished') },
  ];
}
