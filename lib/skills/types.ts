// What the code-host reader gives the viewer: skills as the 1.x agent server would load them from
// a repository and its organisation's skill repositories, the files it would skip and why, and
// the code host's answer when there is no list to give (docs/contract/skills.md).

import type { CodeHostProblem } from '@/lib/codehosts/problem';
import type { FrontMatterErrorCode } from './front-matter';

// The code host's problems are shared with every other reader of its API (lib/codehosts).
export { CodeHostError, type CodeHostProblem } from '@/lib/codehosts/problem';

/** `repo`: always in context; `knowledge`: on a trigger or a path; `agentskills`: a SKILL.md. */
export type SkillType = 'repo' | 'knowledge' | 'agentskills';

/** When the agent uses a skill, derived from its front matter as 1.x derives it. */
export type Activation =
  | { kind: 'always' }
  /** AgentSkills without triggers: listed to the agent, read when it decides to. */
  | { kind: 'on-demand' }
  | { kind: 'keywords'; triggers: string[] }
  /** `inputs` present: the triggers gain `/<name>`, and the agent asks for the inputs. */
  | { kind: 'task'; triggers: string[]; inputs: SkillInput[] }
  /** `paths` globs (or a nested AGENTS.md): injected while the agent touches matching files. */
  | { kind: 'paths'; paths: string[] };

export interface SkillInput {
  name: string;
  description: string;
}

/** How the file is written. */
export type SkillFormat =
  /** `<folder>/SKILL.md` in a skill directory. */
  | 'agentskills'
  /** Any other `.md` file in a skill directory (the microagent format). */
  | 'legacy'
  /** A root AGENTS.md, CLAUDE.md, GEMINI.md or .cursorrules: always on, read whole. */
  | 'instructions'
  /** Such a file in a sub-folder: applies while the agent works in that folder. */
  | 'folder-rule';

/** Where a skill comes from: the repository itself, or its organisation's skill repository. */
export type SkillOrigin = 'project' | 'organisation';

export interface Skill {
  name: string;
  type: SkillType;
  activation: Activation;
  format: SkillFormat;
  origin: SkillOrigin;
  /** The repository the file lives in (the viewed one, or e.g. `octo/.openhands`). */
  repository: string;
  /** The file's path in that repository. */
  path: string;
  description?: string;
  /** The body without front matter (instructions files: the whole file, as the agent reads it). */
  content: string;
  /** The file was cut to this many bytes for reading here; `totalBytes` when the host said. */
  truncated?: { readBytes: number; totalBytes: number | null };
}

/** Why a candidate file is not among the skills. */
export type SkipReason =
  | { kind: 'front-matter'; code: FrontMatterErrorCode; line: number }
  /** Front matter Handoff cannot read fully; the agent may still load the file. */
  | { kind: 'front-matter-unsupported'; feature: string; line: number }
  /** The front matter starts but is cut off by the reading limit. */
  | { kind: 'front-matter-cut' }
  | {
      kind: 'bad-name';
      name: string;
      folder: string;
      problems: ('empty' | 'too-long' | 'characters' | 'folder')[];
    }
  /** A field of the wrong shape: the agent skips this file. */
  | { kind: 'bad-field'; field: string; expected: 'list' | 'map' | 'text-or-list' }
  /**
   * A field the agent's model refuses (an input without a text `name` and `description`, a
   * description that is not text…): the agent then skips every skill of that folder.
   */
  | { kind: 'folder-fails'; folder: string; culprit: string; field: string }
  /** Another file of the same name came first. */
  | { kind: 'duplicate'; name: string; keptPath: string; keptRepository: string }
  /** An organisation skill replaced by the repository's own skill of that name. */
  | { kind: 'overridden'; name: string; byPath: string }
  /** The file could not be read from the code host. */
  | { kind: 'unreadable'; problem: CodeHostProblem }
  /**
   * Not read: the code host's allowance ran out (`until` when it said when it comes back), or
   * the repository has more skill files than Handoff reads (`cap`).
   */
  | { kind: 'not-read'; cause: 'allowance' | 'cap'; until: number | null };

export interface SkippedFile {
  repository: string;
  path: string;
  origin: SkillOrigin;
  reason: SkipReason;
}

/** An organisation skill repository the agent server would look at, and what came of it. */
export interface OrganisationSource {
  repository: string;
  status:
    | { kind: 'read'; skills: number }
    /** Not there, or private and read without a token (hosts answer both alike). */
    | { kind: 'absent'; withToken: boolean }
    | { kind: 'failed'; problem: CodeHostProblem };
}

/** The answer for one repository. Failures of the repository itself are thrown as CodeHostError. */
export interface RepositorySkills {
  repository: string;
  /** The ref read: the page's branch, or the default branch (`null` when the host did not say). */
  ref: string | null;
  skills: Skill[];
  skipped: SkippedFile[];
  organisation: OrganisationSource[];
  /**
   * Whether sub-folder AGENTS.md-style rules were looked for everywhere. False when the host
   * could not list the whole repository in a few requests: such rules may exist unseen.
   */
  folderRulesComplete: boolean;
  /** Requests this read spent, for the docs' budget and the tests. */
  requests: number;
  /** The host's remaining allowance after this read, when it says. */
  remaining: { count: number; resetAt: number | null } | null;
}
