// Skills the agent server finds on its disk, by the SDK's rules (skills/skill.py
// `load_project_skills`, skills/utils.py): always-on files (AGENTS.md, CLAUDE.md, GEMINI.md,
// .cursorrules) at the folder and at its git root, then `.agents/skills/`, `.openhands/skills/`
// and the legacy `.openhands/microagents/`, the first of a name winning. A `SKILL.md` folder is
// an AgentSkills skill whose name must match its folder; any other `*.md` but README.md is a
// legacy skill named after its path. The type is derived, never read from the front matter.
import {
  FrontMatterError,
  globalMicroagents,
  parseMicroagent,
  triggersOf,
} from '../seed/git-world';
import { type FolderTree, resolvePath } from './folders';

export interface LoadedSkill {
  name: string;
  content: string;
  trigger:
    | { type: 'keyword'; keywords: string[] }
    | { type: 'task'; triggers: string[] }
    | { type: 'path'; paths: string[] }
    | null;
  source: string;
  description: string | null;
  is_agentskills_format: boolean;
  inputs: { name: string; description: string }[];
}

/** `SkillInfo` as `POST /api/skills` lists it. */
export function skillInfo(skill: LoadedSkill) {
  const trigger = skill.trigger;
  return {
    name: skill.name,
    type: skill.is_agentskills_format ? 'agentskills' : trigger === null ? 'repo' : 'knowledge',
    content: skill.content,
    triggers:
      trigger?.type === 'keyword'
        ? trigger.keywords
        : trigger?.type === 'task'
          ? trigger.triggers
          : [],
    source: skill.source,
    description: skill.description,
    is_agentskills_format: skill.is_agentskills_format,
    disable_model_invocation: false,
  };
}

const alwaysOnNames: Record<string, string> = {
  '.cursorrules': 'cursorrules',
  'agents.md': 'agents',
  'agent.md': 'agents',
  'claude.md': 'claude',
  'gemini.md': 'gemini',
};

const skillNamePattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function fromFrontMatter(
  name: string,
  text: string,
  source: string,
  agentSkills: boolean,
): LoadedSkill | null {
  let parsed: ReturnType<typeof parseMicroagent>;
  try {
    parsed = parseMicroagent(text);
  } catch (error) {
    if (error instanceof FrontMatterError) return null;
    throw error;
  }
  const metadata = parsed.metadata;
  const finalName = String(metadata.name ?? name);
  const keywords = triggersOf(metadata);
  const description = typeof metadata.description === 'string' ? metadata.description : null;
  const paths = metadata.paths;
  let trigger: LoadedSkill['trigger'] = null;
  let inputs: LoadedSkill['inputs'] = [];
  if (Array.isArray(paths) && paths.length > 0)
    trigger = { type: 'path', paths: paths.map(String) };
  else if (Array.isArray(metadata.inputs)) {
    inputs = metadata.inputs as LoadedSkill['inputs'];
    const slash = `/${finalName}`;
    trigger = {
      type: 'task',
      triggers: keywords.includes(slash) ? keywords : [...keywords, slash],
    };
  } else if (keywords.length > 0) trigger = { type: 'keyword', keywords };
  return {
    name: finalName,
    content: parsed.content,
    trigger,
    source,
    description,
    is_agentskills_format: agentSkills,
    inputs,
  };
}

function loadSkillFolder(tree: FolderTree, folder: string): LoadedSkill[] {
  const repo: LoadedSkill[] = [];
  const knowledge: LoadedSkill[] = [];
  const agentSkills: LoadedSkill[] = [];
  const skillFolders = new Set<string>();
  for (const name of tree.list(folder) ?? []) {
    const child = `${folder}/${name}`;
    if (tree.stat(child)?.kind !== 'folder') continue;
    const skillFile = (tree.list(child) ?? []).find((entry) => entry.toLowerCase() === 'skill.md');
    if (!skillFile) continue;
    skillFolders.add(child);
    const path = `${child}/${skillFile}`;
    const skill = fromFrontMatter(name, tree.readFile(path) ?? '', path, true);
    // Strict AgentSkills names: lowercase words joined by single hyphens, equal to the folder.
    if (skill && skillNamePattern.test(skill.name) && skill.name === name) agentSkills.push(skill);
  }
  for (const path of tree.filesUnder(folder)) {
    const fileName = path.split('/').pop() as string;
    if (!fileName.endsWith('.md') || fileName === 'README.md') continue;
    if (fileName.toLowerCase() === 'skill.md') continue;
    if ([...skillFolders].some((skillFolder) => path.startsWith(`${skillFolder}/`))) continue;
    const text = tree.readFile(path) ?? '';
    const alwaysOn = alwaysOnNames[fileName.toLowerCase()];
    const skill = alwaysOn
      ? { ...emptySkill(alwaysOn, text, path) }
      : fromFrontMatter(path.slice(folder.length + 1).replace(/\.md$/, ''), text, path, false);
    if (!skill) continue;
    (skill.trigger === null ? repo : knowledge).push(skill);
  }
  return [...repo, ...knowledge, ...agentSkills];
}

function emptySkill(name: string, content: string, source: string): LoadedSkill {
  return {
    name,
    content,
    trigger: null,
    source,
    description: null,
    is_agentskills_format: false,
    inputs: [],
  };
}

/**
 * `find_nested_third_party_files`: the always-on files below the working folder (not at its top),
 * each a rule for its own subfolder. Inside a git work tree every file git knows counts (hidden
 * folders too, `.git` itself never); elsewhere the walk skips hidden folders and node_modules.
 */
function nestedRules(tree: FolderTree, workDir: string): LoadedSkill[] {
  const inGit = tree.gitRootOf(workDir) !== null;
  const rules: { rel: string; skill: LoadedSkill }[] = [];
  for (const path of tree.filesUnder(workDir)) {
    const rel = path.slice(workDir.length + 1);
    const parts = rel.split('/');
    const fileName = parts.pop() as string;
    const name = alwaysOnNames[fileName.toLowerCase()];
    if (!name || parts.length === 0) continue;
    if (!inGit && parts.some((part) => part.startsWith('.') || part === 'node_modules')) continue;
    const dir = parts.join('/');
    rules.push({
      rel: dir,
      skill: {
        ...emptySkill(`${name}:${dir}`, tree.readFile(path) ?? '', path),
        trigger: { type: 'path', paths: [`${dir}/**`] },
      },
    });
  }
  return rules
    .sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))
    .map(({ skill }) => skill);
}

/**
 * `load_project_skills(work_dir)` on the simulated disk. A full path is looked up as the disk
 * would (doubled and trailing slashes, `.` and `..` parts), and sources name it that way;
 * `nested` says whether the release has nested rules.
 */
export function loadProjectSkills(tree: FolderTree, folder: string, nested = true): LoadedSkill[] {
  const workDir = folder.startsWith('/') ? resolvePath('/', folder) : folder;
  if (tree.stat(workDir)?.kind !== 'folder') return [];
  const roots = [workDir];
  const gitRoot = tree.gitRootOf(workDir)?.root;
  if (gitRoot && gitRoot !== workDir) roots.push(gitRoot);
  const seen = new Set<string>();
  const out: LoadedSkill[] = [];
  const add = (skill: LoadedSkill) => {
    if (seen.has(skill.name)) return;
    seen.add(skill.name);
    out.push(skill);
  };
  for (const root of roots) {
    for (const entry of tree.list(root) ?? []) {
      const name = alwaysOnNames[entry.toLowerCase()];
      const path = `${root}/${entry}`;
      if (name && tree.stat(path)?.kind === 'file')
        add(emptySkill(name, tree.readFile(path) ?? '', path));
    }
  }
  if (nested) for (const rule of nestedRules(tree, workDir)) add(rule);
  for (const root of roots) {
    for (const folder of ['.agents/skills', '.openhands/skills', '.openhands/microagents']) {
      const path = `${root}/${folder}`;
      if (tree.stat(path)?.kind === 'folder')
        for (const skill of loadSkillFolder(tree, path)) add(skill);
    }
  }
  return out;
}

/**
 * `load_user_skills()`: `~/.agents/skills`, `~/.openhands/skills` and the legacy
 * `~/.openhands/microagents` of the server's own user, the first of a name winning. (Skills
 * installed through `/api/skills/install` are not played.)
 */
export function loadUserSkills(tree: FolderTree, home: string): LoadedSkill[] {
  const seen = new Set<string>();
  const out: LoadedSkill[] = [];
  for (const folder of ['.agents/skills', '.openhands/skills', '.openhands/microagents']) {
    const path = `${home}/${folder}`;
    if (tree.stat(path)?.kind !== 'folder') continue;
    for (const skill of loadSkillFolder(tree, path)) {
      if (seen.has(skill.name)) continue;
      seen.add(skill.name);
      out.push(skill);
    }
  }
  return out;
}

/** The public skills (OpenHands/extensions), as the server's cache holds a few of them. */
export function publicSkills(home: string): LoadedSkill[] {
  return globalMicroagents.map((skill) => ({
    name: skill.name,
    content: skill.content,
    trigger: { type: 'keyword' as const, keywords: skill.triggers },
    source: `${home}/.openhands/cache/skills/public-skills/skills/${skill.name}/SKILL.md`,
    description: null,
    is_agentskills_format: true,
    inputs: [],
  }));
}

/** `merge_skills`: later lists win on a duplicate name, first-seen order kept. */
export function mergeSkills(lists: LoadedSkill[][]): LoadedSkill[] {
  const byName = new Map<string, LoadedSkill>();
  for (const list of lists) for (const skill of list) byName.set(skill.name, skill);
  return [...byName.values()];
}
