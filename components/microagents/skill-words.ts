// Skills, skipped files and code-host problems in words, with the next step each calls for.

import type { PageContext } from '@/lib/hosts/page-context';
import { type SkillsKey, t } from '@/lib/i18n/skills';
import { providerName } from '@/lib/i18n/words';
import {
  apiBaseFor,
  type CodeHostProblem,
  MAX_FILES_PER_REPOSITORY,
  MAX_READ_BYTES,
  type RepositorySkills,
  type Skill,
  type SkipReason,
} from '@/lib/skills';

type HostContext = Pick<PageContext, 'provider' | 'baseUrl' | 'selfHosted' | 'host'>;

/** "GitHub", "GitLab (git.example.com)": which host, in the words people use. */
export function hostName(context: HostContext): string {
  const software = providerName(
    context.provider === 'bitbucket' && context.selfHosted
      ? 'bitbucket_data_center'
      : context.provider,
  );
  return context.selfHosted ? `${software} (${context.host})` : software;
}

/** The API's address without a scheme, for messages about reaching it. */
export function apiName(context: HostContext): string {
  return apiBaseFor(context).replace(/^https?:\/\//, '');
}

export function timeOf(epochMs: number): string {
  return new Date(epochMs).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

export function sizeOf(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** The short label of when a skill applies. */
export function kindLabel(skill: Skill): string {
  const activation = skill.activation;
  if (skill.type === 'agentskills') {
    if (activation.kind === 'keywords' || activation.kind === 'task') {
      return t('skills.kind.agentSkillKeywords');
    }
    if (activation.kind === 'paths') return t('skills.kind.agentSkillPaths');
    return t('skills.kind.onDemand');
  }
  switch (activation.kind) {
    case 'always':
    case 'on-demand':
      return t('skills.kind.always');
    case 'keywords':
      return t('skills.kind.keywords');
    case 'task':
      return t('skills.kind.task');
    case 'paths':
      return t('skills.kind.paths');
  }
}

export function kindHint(skill: Skill): string {
  const kind = skill.activation.kind;
  if (skill.type === 'agentskills' && (kind === 'on-demand' || kind === 'always')) {
    return t('skills.kind.onDemandHint');
  }
  const keys: Record<Skill['activation']['kind'], SkillsKey> = {
    always: 'skills.kind.alwaysHint',
    'on-demand': 'skills.kind.onDemandHint',
    keywords: 'skills.kind.keywordsHint',
    task: 'skills.kind.taskHint',
    paths: 'skills.kind.pathsHint',
  };
  return t(keys[kind]);
}

/** A CSS modifier per kind, so the badge's colour says it too (never colour alone). */
export function kindClass(skill: Skill): string {
  if (skill.type === 'agentskills') return 'skill-kind-agent';
  return skill.activation.kind === 'always' ? 'skill-kind-always' : 'skill-kind-trigger';
}

export interface ProblemWords {
  title: string;
  body: string;
  /** The host's own words, when it sent any. */
  hostSaid?: string;
  /** The next step is a token for this host (add, replace or remove). */
  offersToken: boolean;
  /** Worth trying again as is. */
  offersRetry: boolean;
  /** The fix is in the options (a self-hosted host's address or access). */
  offersOptions: boolean;
  tone: 'info' | 'warning' | 'error';
}

export function problemWords(
  problem: CodeHostProblem,
  context: HostContext & { repository: string },
  tokenHint: string | null,
): ProblemWords {
  const host = hostName(context);
  const repository = context.repository;
  const base = { offersToken: false, offersRetry: false, offersOptions: false };
  switch (problem.kind) {
    case 'not-found':
      return problem.withToken
        ? {
            ...base,
            title: t('skills.problem.notFoundToken', { host, repository }),
            body: t('skills.problem.notFoundTokenBody'),
            offersToken: true,
            tone: 'warning',
          }
        : {
            ...base,
            title: t('skills.problem.notFound', { host, repository }),
            body: t('skills.problem.notFoundBody', { host }),
            offersToken: true,
            tone: 'warning',
          };
    case 'ref-not-found':
      return {
        ...base,
        title: t('skills.problem.refNotFound', { repository, ref: problem.ref }),
        body: t('skills.problem.refNotFoundBody'),
        tone: 'warning',
      };
    case 'needs-token':
      return {
        ...base,
        title: t('skills.problem.needsToken', { host, repository }),
        body: t('skills.problem.needsTokenBody', { host }),
        offersToken: true,
        tone: 'warning',
      };
    case 'token-rejected':
      return {
        ...base,
        title: t('skills.problem.tokenRejected', { host, hint: tokenHint ?? '' }),
        body: t('skills.problem.tokenRejectedBody'),
        offersToken: true,
        tone: 'error',
      };
    case 'forbidden':
      return {
        ...base,
        title: problem.withToken
          ? t('skills.problem.forbidden', { host, repository })
          : t('skills.problem.forbiddenAnonymous', { host, repository }),
        body: t('skills.problem.forbiddenBody'),
        ...(problem.message
          ? { hostSaid: t('skills.problem.hostSaid', { host, words: problem.message }) }
          : {}),
        offersToken: true,
        tone: 'warning',
      };
    case 'rate-limited': {
      const time = problem.until ? timeOf(problem.until) : null;
      if (problem.withToken) {
        return {
          ...base,
          title: time
            ? t('skills.problem.rateLimitedToken', { host, time })
            : t('skills.problem.rateLimitedTokenLater', { host }),
          body: t('skills.problem.rateLimitedTokenBody'),
          offersRetry: true,
          tone: 'warning',
        };
      }
      return {
        ...base,
        title: time
          ? t('skills.problem.rateLimited', { host, time })
          : t('skills.problem.rateLimitedLater', { host }),
        body: time ? t('skills.problem.rateLimitedBody') : t('skills.problem.rateLimitedLaterBody'),
        offersToken: true,
        offersRetry: true,
        tone: 'warning',
      };
    }
    case 'redirected':
      return {
        ...base,
        title: t('skills.problem.redirected', { host }),
        body: t('skills.problem.redirectedBody', { host }),
        tone: 'warning',
      };
    case 'not-added':
    case 'unreachable':
      return {
        ...base,
        title: t('skills.problem.unreachable', { api: apiName(context) }),
        body: t('skills.problem.unreachableBody'),
        offersRetry: true,
        offersOptions: context.selfHosted,
        tone: 'error',
      };
    case 'timeout':
      return {
        ...base,
        title: t('skills.problem.timeout', { host }),
        body: t('skills.problem.timeoutBody'),
        offersRetry: true,
        tone: 'error',
      };
    case 'not-api':
      return {
        ...base,
        title: t('skills.problem.notApi', { api: apiName(context), host }),
        body: t('skills.problem.notApiBody', {
          what: t(`skills.problem.notApi.${problem.bodyType}` as SkillsKey),
          status: problem.status,
        }),
        offersRetry: true,
        offersOptions: true,
        tone: 'error',
      };
    case 'server':
      return {
        ...base,
        title: t('skills.problem.server', { host, status: problem.status }),
        body: t('skills.problem.serverBody'),
        offersRetry: true,
        tone: 'error',
      };
  }
}

/** Why a file is skipped, in one sentence with its fix. */
export function skipWords(
  reason: SkipReason,
  context: HostContext & { repository: string },
): string {
  const host = hostName(context);
  switch (reason.kind) {
    case 'front-matter':
      return t('skills.skip.frontMatter', {
        line: reason.line,
        problem: t(`skills.yaml.${reason.code}` as SkillsKey),
      });
    case 'front-matter-unsupported':
      return t('skills.skip.unsupported', { feature: reason.feature, line: reason.line });
    case 'front-matter-cut':
      return t('skills.skip.frontMatterCut', { shown: sizeOf(MAX_READ_BYTES) });
    case 'bad-name':
      return t('skills.skip.badName', {
        name: reason.name,
        folder: reason.folder,
        problems: reason.problems.map((p) => t(`skills.name.${p}` as SkillsKey)).join('; '),
      });
    case 'bad-field':
      return t('skills.skip.badField', {
        field: reason.field,
        expected: t(`skills.expected.${reason.expected}` as SkillsKey),
      });
    case 'folder-fails': {
      const text = t('skills.skip.folderFails', {
        folder: reason.folder,
        field: reason.field,
        culprit: reason.culprit,
      });
      return reason.field === 'inputs' ? `${text} ${t('skills.skip.folderFailsInputs')}` : text;
    }
    case 'duplicate':
      return t('skills.skip.duplicate', {
        name: reason.name,
        kept:
          reason.keptRepository === context.repository
            ? reason.keptPath
            : `${reason.keptRepository}: ${reason.keptPath}`,
      });
    case 'overridden':
      return t('skills.skip.overridden', { name: reason.name, path: reason.byPath });
    case 'unreadable':
      return t('skills.skip.unreadable', {
        problem: problemWords(reason.problem, context, null).title,
      });
    case 'not-read':
      if (reason.cause === 'cap')
        return t('skills.skip.notReadCap', { count: MAX_FILES_PER_REPOSITORY });
      return reason.until
        ? t('skills.skip.notRead', { host, time: timeOf(reason.until) })
        : t('skills.skip.notReadLater', { host });
  }
}

/** What a file address opened with "View as skill" turns out to be in the listing. */
export type PathVerdict =
  | { kind: 'skill'; skill: Skill }
  | { kind: 'skipped'; reasons: SkipReason[] }
  | { kind: 'reference'; skill: Skill }
  | { kind: 'not-skill' };

export function explainPath(result: RepositorySkills, path: string): PathVerdict {
  const file = path.replace(/^\.?\//, '');
  const own = (entry: { repository: string; path: string }) =>
    entry.repository === result.repository && entry.path === file;
  const skill = result.skills.find(own);
  if (skill) return { kind: 'skill', skill };
  const skipped = result.skipped.filter(own);
  if (skipped.length) return { kind: 'skipped', reasons: skipped.map((entry) => entry.reason) };
  const owner = result.skills.find(
    (candidate) =>
      candidate.repository === result.repository &&
      candidate.format === 'agentskills' &&
      file.startsWith(candidate.path.slice(0, candidate.path.lastIndexOf('/') + 1)),
  );
  return owner ? { kind: 'reference', skill: owner } : { kind: 'not-skill' };
}

/** The file on its code host, at the ref read (or the default branch). */
export function codeHostFileUrl(
  context: Pick<PageContext, 'provider' | 'baseUrl' | 'selfHosted'>,
  repository: string,
  ref: string | null,
  path: string,
): string {
  const at = encodeURIComponent(ref ?? 'HEAD');
  const file = path.split('/').map(encodeURIComponent).join('/');
  const base = context.baseUrl;
  switch (context.provider) {
    case 'github':
      return `${base}/${repository}/blob/${at}/${file}`;
    case 'gitlab':
      return `${base}/${repository}/-/blob/${at}/${file}`;
    case 'bitbucket': {
      if (!context.selfHosted) return `${base}/${repository}/src/${at}/${file}`;
      // Data Center: PROJECT/repo → /projects/PROJECT/repos/repo/browse/<path>.
      const [project = '', repo = ''] = repository.split('/');
      const query = ref ? `?at=${encodeURIComponent(`refs/heads/${ref}`)}` : '';
      return `${base}/projects/${project}/repos/${repo}/browse/${file}${query}`;
    }
  }
}
