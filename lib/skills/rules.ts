// The 1.x agent server's skill rules as pure functions over a repository's listing and the
// files' text: which files it reads, what each becomes (name, type, activation) and which one
// wins a name (docs/contract/skills.md). Nothing here touches the network.

import {
  INSTRUCTION_FILES,
  ORGANISATION_SKILL_FOLDERS,
  PROJECT_SKILL_FOLDERS,
} from '@/lib/hosts/shared';
import { parseFrontMatter, type YamlMap, type YamlValue } from './front-matter';
import type { Activation, Skill, SkillInput, SkillOrigin, SkippedFile, SkipReason } from './types';

/** One file of a listing. */
export interface ListedFile {
  path: string;
  /** Bytes, when the host says. */
  size?: number;
  /** The host's id of the content (a git blob id), for reading and caching. */
  blob?: string;
  /** A symbolic link: its text is the target's path. */
  link?: boolean;
  /** For a link: the file it points to, once resolved. */
  realPath?: string;
}

/** A file's text as read for the rules, or why it could not be. */
export type FileText =
  | { ok: true; text: string; truncated?: { readBytes: number; totalBytes: number | null } }
  | { ok: false; reason: SkipReason };

/** Python's `str()` of a YAML value, which the loader applies to a front-matter `name`. */
function pyStr(value: YamlValue): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** Orders paths as Python orders `Path`s: segment by segment, by code point. */
export function comparePaths(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i] as string;
    const q = y[i] as string;
    if (p !== q) return p < q ? -1 : 1;
  }
  return x.length - y.length;
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** The AgentSkills name rule: 1–64 lowercase letters or digits in hyphen-joined runs. */
const SKILL_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function skillNameProblems(name: string, folder: string) {
  const problems: ('empty' | 'too-long' | 'characters' | 'folder')[] = [];
  if (!name) return ['empty' as const];
  if (name.length > 64) problems.push('too-long');
  if (!SKILL_NAME.test(name)) problems.push('characters');
  if (folder && name !== folder) problems.push('folder');
  return problems;
}

/** The files of one skill folder the agent reads, in its order. */
export interface FolderPlan {
  folder: string;
  /** `<folder>/<name>/SKILL.md`, one per sub-folder. */
  skillFiles: ListedFile[];
  /** Every other `.md` below the folder, README.md and the SKILL.md folders' files aside. */
  legacyFiles: ListedFile[];
}

export function planFolder(files: readonly ListedFile[], folder: string): FolderPlan {
  const prefix = `${folder}/`;
  const inside = files.filter((file) => file.path.startsWith(prefix));
  const skillFiles: ListedFile[] = [];
  const bySub = new Set<string>();
  for (const file of [...inside].sort((a, b) => comparePaths(a.path, b.path))) {
    const rest = file.path.slice(prefix.length).split('/');
    if (rest.length !== 2 || (rest[1] as string).toLowerCase() !== 'skill.md') continue;
    // Sorted first: `SKILL.md` wins over `skill.md` in the same folder.
    if (bySub.has(rest[0] as string)) continue;
    bySub.add(rest[0] as string);
    skillFiles.push(file);
  }
  const skillFolders = [...bySub].map((sub) => `${prefix}${sub}/`);
  const legacyFiles = inside
    .filter((file) => {
      const base = baseName(file.path);
      return (
        base.endsWith('.md') &&
        base !== 'README.md' &&
        base.toLowerCase() !== 'skill.md' &&
        !skillFolders.some((dir) => file.path.startsWith(dir))
      );
    })
    .sort((a, b) => comparePaths(a.path, b.path));
  return { folder, skillFiles, legacyFiles };
}

/** What the agent reads of a repository as a project. */
export interface ProjectPlan {
  /** Root instruction files in reading order, one per lower-cased name and real file. */
  instructions: ListedFile[];
  /** Instruction files in sub-folders, when the listing is complete. */
  folderRules: ListedFile[];
  folders: FolderPlan[];
}

export function planProject(files: readonly ListedFile[], complete: boolean): ProjectPlan {
  const sorted = [...files].sort((a, b) => comparePaths(a.path, b.path));
  const instructions: ListedFile[] = [];
  const names = new Set<string>();
  const real = new Set<string>();
  for (const file of sorted) {
    const lower = file.path.toLowerCase();
    if (file.path.includes('/') || !(lower in INSTRUCTION_FILES)) continue;
    const target = file.realPath ?? file.path;
    if (names.has(lower) || real.has(target)) continue;
    names.add(lower);
    real.add(target);
    instructions.push(file);
  }
  const folderRules: ListedFile[] = [];
  if (complete) {
    const seen = new Set<string>(instructions.map((file) => file.realPath ?? file.path));
    for (const file of sorted) {
      if (!file.path.includes('/')) continue;
      if (!(baseName(file.path).toLowerCase() in INSTRUCTION_FILES)) continue;
      const target = file.realPath ?? file.path;
      if (seen.has(target)) continue;
      seen.add(target);
      folderRules.push(file);
    }
    // Grouped by folder, keeping the listing's order inside one folder.
    folderRules.sort((a, b) => comparePaths(folderOf(a.path), folderOf(b.path)));
  }
  const folders = PROJECT_SKILL_FOLDERS.map((folder) => planFolder(files, folder));
  return { instructions, folderRules, folders };
}

export function planOrganisation(files: readonly ListedFile[]): FolderPlan[] {
  return ORGANISATION_SKILL_FOLDERS.map((folder) => planFolder(files, folder));
}

/** Every file a plan needs the text of. */
export function filesToRead(plan: ProjectPlan | FolderPlan[]): ListedFile[] {
  const folders = Array.isArray(plan) ? plan : plan.folders;
  const extra = Array.isArray(plan) ? [] : [...plan.instructions, ...plan.folderRules];
  return [...extra, ...folders.flatMap((folder) => [...folder.skillFiles, ...folder.legacyFiles])];
}

/** A file turned into a skill, or why not; `folder-fails` sinks every skill of its folder. */
type Loaded = { ok: true; skill: Skill } | { ok: false; reason: SkipReason };

interface Where {
  repository: string;
  origin: SkillOrigin;
}

class FolderFails extends Error {
  constructor(readonly reason: SkipReason) {
    super('folder fails');
  }
}

function instructionSkill(file: ListedFile, text: FileText, where: Where, rule: boolean): Loaded {
  if (!text.ok) return { ok: false, reason: text.reason };
  const base = INSTRUCTION_FILES[baseName(file.path).toLowerCase()] as string;
  const folder = folderOf(file.path);
  return {
    ok: true,
    skill: {
      name: rule ? `${base}:${folder}` : base,
      type: rule ? 'knowledge' : 'repo',
      activation: rule ? { kind: 'paths', paths: [`${folder}/**`] } : { kind: 'always' },
      format: rule ? 'folder-rule' : 'instructions',
      origin: where.origin,
      repository: where.repository,
      path: file.path,
      // Read whole: the agent does not take front matter off these files.
      content: text.text,
      ...(text.truncated ? { truncated: text.truncated } : {}),
    },
  };
}

/** A skill-folder file, following the loader's checks in its order. */
function folderSkill(file: ListedFile, text: FileText, folder: string, where: Where): Loaded {
  if (!text.ok) return { ok: false, reason: text.reason };
  const lowerBase = baseName(file.path).toLowerCase();
  const isSkillFile = lowerBase === 'skill.md';
  // An AGENTS.md-style file inside a skill folder is still read whole, as always-on.
  if (!isSkillFile && lowerBase in INSTRUCTION_FILES) {
    return {
      ok: true,
      skill: {
        name: INSTRUCTION_FILES[lowerBase] as string,
        type: 'repo',
        activation: { kind: 'always' },
        format: 'legacy',
        origin: where.origin,
        repository: where.repository,
        path: file.path,
        content: text.text,
        ...(text.truncated ? { truncated: text.truncated } : {}),
      },
    };
  }
  const parsed = parseFrontMatter(text.text);
  if (!parsed.ok) {
    if (text.truncated && parsed.kind === 'broken') {
      return { ok: false, reason: { kind: 'front-matter-cut' } };
    }
    return {
      ok: false,
      reason:
        parsed.kind === 'broken'
          ? { kind: 'front-matter', code: parsed.code, line: parsed.line }
          : { kind: 'front-matter-unsupported', feature: parsed.feature, line: parsed.line },
    };
  }
  if (text.truncated && !parsed.present && /^\s*-{3,}/.test(text.text)) {
    return { ok: false, reason: { kind: 'front-matter-cut' } };
  }
  const metadata = parsed.metadata;
  const relative = file.path.slice(folder.length + 1);
  let name: string;
  if (isSkillFile) {
    const dir = relative.split('/')[0] as string;
    name = 'name' in metadata ? pyStr(metadata.name as YamlValue) : dir;
    const problems = skillNameProblems(name, dir);
    if (problems.length) {
      return { ok: false, reason: { kind: 'bad-name', name, folder: dir, problems } };
    }
  } else {
    name =
      'name' in metadata ? pyStr(metadata.name as YamlValue) : relative.replace(/\.[^./]*$/, '');
  }
  const fieldProblem = checkFields(metadata, isSkillFile);
  if (fieldProblem) return { ok: false, reason: fieldProblem };
  const culprit = `${where.repository}:${file.path}`;
  const activation = activationOf(metadata, name, isSkillFile, folder, culprit);
  if ('reason' in activation) return { ok: false, reason: activation.reason };
  const description = metadata.description;
  const type = isSkillFile ? 'agentskills' : activation.kind === 'always' ? 'repo' : 'knowledge';
  return {
    ok: true,
    skill: {
      name,
      type,
      activation,
      format: isSkillFile ? 'agentskills' : 'legacy',
      origin: where.origin,
      repository: where.repository,
      path: file.path,
      ...(typeof description === 'string' && description ? { description } : {}),
      content: parsed.content,
      ...(text.truncated ? { truncated: text.truncated } : {}),
    },
  };
}

/**
 * Fields the loader checks itself and then skips only this file when they are wrong, and fields
 * its model checks, which fail the whole folder (see FolderFails).
 */
function checkFields(metadata: YamlMap, isSkillFile: boolean): SkipReason | null {
  const tools = metadata['allowed-tools'] ?? metadata.allowed_tools;
  if (tools !== undefined && tools !== null && typeof tools !== 'string' && !Array.isArray(tools)) {
    return { kind: 'bad-field', field: 'allowed-tools', expected: 'text-or-list' };
  }
  const info = metadata.metadata;
  if (info !== undefined && info !== null && (typeof info !== 'object' || Array.isArray(info))) {
    return { kind: 'bad-field', field: 'metadata', expected: 'map' };
  }
  if (!isSkillFile) {
    const mcp = metadata.mcp_tools;
    if (mcp !== undefined && mcp !== null && (typeof mcp !== 'object' || Array.isArray(mcp))) {
      return { kind: 'bad-field', field: 'mcp_tools', expected: 'map' };
    }
  }
  return null;
}

function activationOf(
  metadata: YamlMap,
  name: string,
  isSkillFile: boolean,
  folder: string,
  culprit: string,
): Activation | { reason: SkipReason } {
  for (const field of ['description', 'license', 'compatibility'] as const) {
    const value = metadata[field];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      throw new FolderFails({ kind: 'folder-fails', folder, culprit, field });
    }
  }
  const keywords = 'triggers' in metadata ? metadata.triggers : [];
  if (!Array.isArray(keywords)) {
    return { reason: { kind: 'bad-field', field: 'triggers', expected: 'list' } };
  }
  const rawPaths = metadata.paths;
  let paths: string[] | null = null;
  if (rawPaths !== undefined && rawPaths !== null) {
    if (typeof rawPaths === 'string') paths = rawPaths.split(',');
    else if (Array.isArray(rawPaths)) paths = rawPaths.map((p) => pyStr(p));
    else return { reason: { kind: 'bad-field', field: 'paths', expected: 'text-or-list' } };
    paths = paths.map((p) => p.trim()).filter(Boolean);
    if (!paths.length) paths = null;
  }
  if (paths) return { kind: 'paths', paths };
  const triggers = () => {
    if (keywords.some((k) => typeof k !== 'string')) {
      throw new FolderFails({ kind: 'folder-fails', folder, culprit, field: 'triggers' });
    }
    return keywords as string[];
  };
  if ('inputs' in metadata) {
    const list = [...triggers()];
    if (!list.includes(`/${name}`)) list.push(`/${name}`);
    const raw = metadata.inputs;
    if (!Array.isArray(raw)) {
      return { reason: { kind: 'bad-field', field: 'inputs', expected: 'list' } };
    }
    const inputs: SkillInput[] = raw.map((input) => {
      const ok =
        input &&
        typeof input === 'object' &&
        !Array.isArray(input) &&
        typeof input.name === 'string' &&
        typeof input.description === 'string';
      if (!ok) throw new FolderFails({ kind: 'folder-fails', folder, culprit, field: 'inputs' });
      const entry = input as { name: string; description: string };
      return { name: entry.name, description: entry.description };
    });
    return { kind: 'task', triggers: list, inputs };
  }
  if (keywords.length) return { kind: 'keywords', triggers: triggers() };
  return isSkillFile ? { kind: 'on-demand' } : { kind: 'always' };
}

/**
 * One skill folder, as `load_skills_from_dir` does it: SKILL.md skills, then the other files,
 * sorted into always-on, triggered and AgentSkills groups keyed by name (a later file replaces an
 * earlier one of its group), merged in that group order.
 */
function loadFolder(
  plan: FolderPlan,
  texts: ReadonlyMap<string, FileText>,
  where: Where,
): { skills: Skill[]; skipped: SkippedFile[] } {
  const skipped: SkippedFile[] = [];
  const groups = { repo: new Map<string, Skill>(), knowledge: new Map(), agentskills: new Map() };
  const skip = (path: string, reason: SkipReason) =>
    skipped.push({ repository: where.repository, path, origin: where.origin, reason });
  const all = [...plan.skillFiles, ...plan.legacyFiles];
  try {
    for (const file of all) {
      const text = texts.get(file.path) ?? {
        ok: false as const,
        reason: { kind: 'not-read' as const, cause: 'cap' as const, until: null },
      };
      const loaded = folderSkill(file, text, plan.folder, where);
      if (!loaded.ok) {
        skip(file.path, loaded.reason);
        continue;
      }
      const group = groups[loaded.skill.type] as Map<string, Skill>;
      const earlier = group.get(loaded.skill.name);
      if (earlier) {
        skip(earlier.path, {
          kind: 'duplicate',
          name: earlier.name,
          keptPath: loaded.skill.path,
          keptRepository: where.repository,
        });
      }
      group.set(loaded.skill.name, loaded.skill);
    }
  } catch (error) {
    if (!(error instanceof FolderFails)) throw error;
    return {
      skills: [],
      skipped: all.map((file) => ({
        repository: where.repository,
        path: file.path,
        origin: where.origin,
        reason: error.reason,
      })),
    };
  }
  return {
    skills: [...groups.repo.values(), ...groups.knowledge.values(), ...groups.agentskills.values()],
    skipped,
  };
}

/** Adds skills in order; a name already taken keeps its first skill (`seen_names`). */
function mergeFirstWins(into: Skill[], skipped: SkippedFile[], skills: Skill[]) {
  for (const skill of skills) {
    const first = into.find((kept) => kept.name === skill.name);
    if (first) {
      skipped.push({
        repository: skill.repository,
        path: skill.path,
        origin: skill.origin,
        reason: {
          kind: 'duplicate',
          name: skill.name,
          keptPath: first.path,
          keptRepository: first.repository,
        },
      });
    } else into.push(skill);
  }
}

/** The skills of a repository as a project (`load_project_skills`). */
export function resolveProject(
  plan: ProjectPlan,
  texts: ReadonlyMap<string, FileText>,
  repository: string,
): { skills: Skill[]; skipped: SkippedFile[] } {
  const where: Where = { repository, origin: 'project' };
  const skills: Skill[] = [];
  const skipped: SkippedFile[] = [];
  const read = (file: ListedFile): FileText =>
    texts.get(file.path) ?? { ok: false, reason: { kind: 'not-read', cause: 'cap', until: null } };
  for (const [files, rule] of [
    [plan.instructions, false],
    [plan.folderRules, true],
  ] as const) {
    for (const file of files) {
      const loaded = instructionSkill(file, read(file), where, rule);
      if (!loaded.ok) {
        skipped.push({ repository, path: file.path, origin: 'project', reason: loaded.reason });
      } else mergeFirstWins(skills, skipped, [loaded.skill]);
    }
  }
  for (const folder of plan.folders) {
    const loaded = loadFolder(folder, texts, where);
    skipped.push(...loaded.skipped);
    mergeFirstWins(skills, skipped, loaded.skills);
  }
  return { skills, skipped };
}

/** One organisation skill repository: `skills/`, then `microagents/`, the first winning. */
export function resolveOrganisationRepository(
  plan: FolderPlan[],
  texts: ReadonlyMap<string, FileText>,
  repository: string,
): { skills: Skill[]; skipped: SkippedFile[] } {
  const where: Where = { repository, origin: 'organisation' };
  const skills: Skill[] = [];
  const skipped: SkippedFile[] = [];
  for (const folder of plan) {
    const loaded = loadFolder(folder, texts, where);
    skipped.push(...loaded.skipped);
    mergeFirstWins(skills, skipped, loaded.skills);
  }
  return { skills, skipped };
}

/**
 * The final list: organisation repositories merged with the later one winning a name, then the
 * repository's own skills winning over all of them. The repository's skills come first.
 */
export function mergeSources(
  organisation: readonly { skills: Skill[] }[],
  project: { skills: Skill[] },
): { skills: Skill[]; skipped: SkippedFile[] } {
  const skipped: SkippedFile[] = [];
  const org = new Map<string, Skill>();
  for (const source of organisation) {
    for (const skill of source.skills) {
      const earlier = org.get(skill.name);
      if (earlier) {
        skipped.push({
          repository: earlier.repository,
          path: earlier.path,
          origin: 'organisation',
          reason: {
            kind: 'duplicate',
            name: skill.name,
            keptPath: skill.path,
            keptRepository: skill.repository,
          },
        });
      }
      org.set(skill.name, skill);
    }
  }
  const own = new Map(project.skills.map((skill) => [skill.name, skill]));
  const kept: Skill[] = [...project.skills];
  for (const skill of org.values()) {
    const mine = own.get(skill.name);
    if (mine) {
      skipped.push({
        repository: skill.repository,
        path: skill.path,
        origin: 'organisation',
        reason: { kind: 'overridden', name: skill.name, byPath: mine.path },
      });
    } else kept.push(skill);
  }
  return { skills: kept, skipped };
}

/** Triggers as the server reports them (`SkillInfo.triggers`): none for always-on and paths. */
export function triggersOf(activation: Activation): string[] {
  return activation.kind === 'keywords' || activation.kind === 'task' ? activation.triggers : [];
}
