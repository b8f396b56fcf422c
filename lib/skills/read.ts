// A repository's skills from its code host: list, read the files the 1.x rules name, apply the
// rules, and add the organisation's skill repositories (docs/contract/skills.md).

import { apiBaseFor, hostOriginOf } from '@/lib/codehosts/hosts';
import type { Fetch } from '@/lib/codehosts/http';
import type { PageContext } from '@/lib/hosts/page-context';
import { isOrganisationRepository, organisationRepositories } from '@/lib/hosts/shared';
import { createBitbucketCloudReader, createBitbucketDataCenterReader } from './bitbucket';
import { createGitHubReader } from './github';
import { createGitLabReader } from './gitlab';
import type { CodeHostReader } from './reader';
import {
  type FileText,
  filesToRead,
  type ListedFile,
  mergeSources,
  planOrganisation,
  planProject,
  resolveOrganisationRepository,
  resolveProject,
} from './rules';
import {
  CodeHostError,
  type CodeHostProblem,
  type OrganisationSource,
  type RepositorySkills,
  type SkippedFile,
} from './types';

export type SkillsTarget = Pick<
  PageContext,
  'provider' | 'baseUrl' | 'repository' | 'selfHosted' | 'branch'
>;

export { apiBaseFor, hostOriginOf };

export function readerFor(
  target: SkillsTarget,
  options: { token: string | null; fetch: Fetch; now?: () => number },
): CodeHostReader {
  const apiBase = apiBaseFor(target);
  const common = { apiBase, ...options };
  switch (target.provider) {
    case 'github':
      return createGitHubReader(common);
    case 'gitlab':
      return createGitLabReader(common);
    case 'bitbucket':
      return target.selfHosted
        ? createBitbucketDataCenterReader(common)
        : createBitbucketCloudReader(common);
  }
}

type Text = { text: string; truncated?: { readBytes: number; totalBytes: number | null } };

/** Texts by content id, so a refresh re-reads only what changed. Content ids never go stale. */
const textCache = new Map<string, Text>();
const TEXT_CACHE_ENTRIES = 400;

export function clearSkillTextCache(): void {
  textCache.clear();
}

/** Files read at most per repository; a folder of hundreds of files is not read whole. */
export const MAX_FILES_PER_REPOSITORY = 80;
const CONCURRENCY = 4;

export interface ReadSkillsOptions {
  fetch: Fetch;
  token: string | null;
  now?: () => number;
}

/** One repository the rules read: the viewed one as a project, or an organisation one. */
interface Source {
  repository: string;
  ref: string | null;
  files: ListedFile[];
  /** Read when planned: links are resolved first. */
  plan: () => ListedFile[];
  texts: Map<string, FileText>;
}

/**
 * The skills the 1.x agent server would load for this repository, with the files it would skip.
 * Throws CodeHostError when the repository itself cannot be listed: never an empty list that
 * only looks like an answer.
 */
export async function readRepositorySkills(
  target: SkillsTarget,
  options: ReadSkillsOptions,
): Promise<RepositorySkills> {
  const reader = readerFor(target, options);
  const client = reader.client;
  const repository = target.repository;
  const orgNames = organisationRepositories(repository, target.provider);
  // An organisation skill repository viewed itself: show what it gives its owner's repositories.
  if (isOrganisationRepository(repository, target.provider) && !orgNames.includes(repository)) {
    orgNames.unshift(repository);
  }
  const listing = await reader.list(repository, target.branch ?? null, 'project');
  const project: Source = {
    repository,
    ref: target.branch ?? null,
    files: listing.files,
    plan: () => filesToRead(planProject(listing.files, listing.complete)),
    texts: new Map(),
  };

  const organisation: OrganisationSource[] = [];
  const orgSources: Source[] = [];
  let stopped: CodeHostProblem | null = null;
  for (const name of orgNames) {
    if (stopped) {
      organisation.push({ repository: name, status: { kind: 'failed', problem: stopped } });
      continue;
    }
    try {
      // The repository may be its owner's skill repository itself: no second listing.
      const files =
        name === repository ? listing.files : (await reader.list(name, null, 'organisation')).files;
      orgSources.push({
        repository: name,
        ref: name === repository ? project.ref : null,
        files,
        plan: () => filesToRead(planOrganisation(files)),
        texts: new Map(),
      });
    } catch (error) {
      if (!(error instanceof CodeHostError)) throw error;
      const problem = error.problem;
      if (problem.kind === 'not-found' || problem.kind === 'needs-token') {
        organisation.push({
          repository: name,
          status: { kind: 'absent', withToken: client.withToken },
        });
      } else {
        organisation.push({ repository: name, status: { kind: 'failed', problem } });
        if (problem.kind === 'rate-limited') stopped = problem;
      }
    }
  }
  const sources = [project, ...orgSources];

  // What the host still allows; reads past it are listed as not read, never silently dropped.
  const budget = { left: Number.POSITIVE_INFINITY, until: null as number | null };
  const refreshBudget = () => {
    const remaining = client.allowance?.remaining;
    if (remaining !== null && remaining !== undefined) {
      budget.left = remaining;
      budget.until = client.allowance?.resetAt ?? null;
    }
  };
  refreshBudget();
  if (stopped?.kind === 'rate-limited') {
    budget.left = 0;
    budget.until = stopped.until;
  }

  const readOne = async (source: Source, file: ListedFile): Promise<FileText> => {
    const cacheKey = file.blob
      ? `${client.options.apiOrigin}|${source.repository}|${file.blob}`
      : null;
    const cached = cacheKey ? textCache.get(cacheKey) : undefined;
    if (cached) return { ok: true, ...cached };
    if (budget.left <= 0)
      return { ok: false, reason: { kind: 'not-read', cause: 'allowance', until: budget.until } };
    budget.left--;
    try {
      const read = await reader.read(source.repository, source.ref, file);
      refreshBudget();
      if (cacheKey) {
        if (textCache.size >= TEXT_CACHE_ENTRIES)
          textCache.delete(textCache.keys().next().value as string);
        textCache.set(cacheKey, read);
      }
      return { ok: true, ...read };
    } catch (error) {
      if (!(error instanceof CodeHostError)) throw error;
      if (error.problem.kind === 'rate-limited') {
        budget.left = 0;
        budget.until = error.problem.until;
        return {
          ok: false,
          reason: { kind: 'not-read', cause: 'allowance', until: error.problem.until },
        };
      }
      return { ok: false, reason: { kind: 'unreadable', problem: error.problem } };
    }
  };

  type Job = { source: Source; file: ListedFile; done: (text: FileText) => void };
  const run = async (jobs: Job[]) => {
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++] as Job;
        job.done(await readOne(job.source, job.file));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  };

  // Links first: a CLAUDE.md that points at AGENTS.md is the same file to the agent.
  const links: Job[] = [];
  for (const source of sources) {
    for (const file of source.plan()) {
      if (!file.link || file.realPath !== undefined) continue;
      links.push({
        source,
        file,
        done: (text) => {
          file.realPath = text.ok ? (resolveLink(file.path, text.text.trim()) ?? '') : '';
        },
      });
    }
  }
  await run(links);

  const jobs: Job[] = [];
  for (const source of sources) {
    const byPath = new Map(source.files.map((file) => [file.path, file]));
    source.plan().forEach((file, index) => {
      const set = (text: FileText) => source.texts.set(file.path, text);
      if (index >= MAX_FILES_PER_REPOSITORY) {
        set({ ok: false, reason: { kind: 'not-read', cause: 'cap', until: null } });
        return;
      }
      // A link reads as its target; one that points nowhere in the repository cannot be read.
      const real = file.link ? byPath.get(file.realPath ?? '') : file;
      if (!real) {
        set({
          ok: false,
          reason: {
            kind: 'unreadable',
            problem: { kind: 'not-found', withToken: client.withToken },
          },
        });
        return;
      }
      jobs.push({ source, file: real, done: set });
    });
  }
  await run(jobs);

  const own = resolveProject(
    planProject(listing.files, listing.complete),
    project.texts,
    repository,
  );
  const orgResolved = orgSources.map((source) => ({
    repository: source.repository,
    ...resolveOrganisationRepository(
      planOrganisation(source.files),
      source.texts,
      source.repository,
    ),
  }));
  for (const org of orgResolved) {
    organisation.push({
      repository: org.repository,
      status: { kind: 'read', skills: org.skills.length },
    });
  }
  organisation.sort((a, b) => orgNames.indexOf(a.repository) - orgNames.indexOf(b.repository));
  const merged = mergeSources(orgResolved, own);
  const skipped: SkippedFile[] = [
    ...own.skipped,
    ...orgResolved.flatMap((org) => org.skipped),
    ...merged.skipped,
  ];
  const allowance = client.allowance;
  return {
    repository,
    ref: listing.ref,
    skills: merged.skills,
    skipped,
    organisation,
    folderRulesComplete: listing.complete,
    requests: client.requests,
    remaining:
      allowance?.remaining !== null && allowance?.remaining !== undefined
        ? { count: allowance.remaining, resetAt: allowance.resetAt }
        : null,
  };
}

/** A link's target, as a path from the repository root, or undefined when it leaves it. */
function resolveLink(path: string, target: string): string | undefined {
  if (target.startsWith('/')) return undefined;
  const parts = path.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!parts.length) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}
