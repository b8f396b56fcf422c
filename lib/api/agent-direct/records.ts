// An agent server's conversation as the rest of Handoff reads a V1 conversation: the agent server
// is its own "sandbox", always running, and its conversations live at its own address. Where the
// conversation came from travels in its tags (lowercase keys, values up to 256 characters), the
// only place an agent server keeps anything of ours.

/** The tags Handoff writes at a start; an agent server keeps them with the conversation. */
export interface OriginTags {
  repository?: string;
  branch?: string;
  provider?: string;
  issue?: string;
  pull?: string;
  folder?: string;
  source?: string;
}

type Json = Record<string, unknown>;

/** A non-empty string, or null. */
export function text(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

function tagsOf(info: Json): Record<string, string> {
  const tags = info.tags;
  if (!tags || typeof tags !== 'object' || Array.isArray(tags)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tags)) if (typeof value === 'string') out[key] = value;
  return out;
}

/** A positive whole number from a tag, or null. */
function numberTag(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

/** The model a conversation's agent uses (`agent.llm.model`), where it says. */
function modelOf(info: Json): string | null {
  const agent = info.agent as Json | null | undefined;
  const llm = agent && typeof agent === 'object' ? (agent.llm as Json | undefined) : undefined;
  return text(llm?.model);
}

/**
 * `ConversationInfo` of an agent server as an app conversation: RUNNING on the server itself,
 * its repository, branch and item from the tags Handoff wrote at the start.
 */
export function asAppConversation(info: unknown, serverUrl: string): Json | null {
  if (!info || typeof info !== 'object' || Array.isArray(info)) return null;
  const record = info as Json;
  const id = text(record.id);
  if (!id) return null;
  const tags = tagsOf(record);
  const pull = numberTag(tags.pull);
  const metrics = (record.metrics as Json | null | undefined) ?? null;
  return {
    id,
    title: text(record.title),
    created_at: text(record.created_at),
    updated_at: text(record.updated_at),
    sandbox_id: null,
    sandbox_status: 'RUNNING',
    execution_status: text(record.execution_status),
    conversation_url: `${serverUrl.replace(/\/+$/, '')}/api/conversations/${encodeURIComponent(id)}`,
    session_api_key: null,
    selected_repository: tags.repository ?? null,
    selected_branch: tags.branch ?? null,
    git_provider: tags.provider ?? null,
    pr_number: pull ? [pull] : [],
    llm_model: modelOf(record),
    metrics,
    tags,
    trigger: null,
  };
}

/** A page of the agent server's search as a page of app conversations. */
export function asAppConversationPage(page: unknown, serverUrl: string): Json {
  const value = (page ?? {}) as Json;
  const items = Array.isArray(value.items) ? value.items : [];
  return {
    items: items.map((item) => asAppConversation(item, serverUrl)).filter(Boolean),
    next_page_id: text(value.next_page_id),
  };
}

/** Tags keep lowercase letters and digits in their keys, and values up to 256 characters. */
export function originTags(origin: OriginTags): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [key, value] of Object.entries(origin)) {
    if (typeof value === 'string' && value) tags[key] = value.slice(0, 256);
  }
  return tags;
}

/** The skills a conversation's agent loaded (`agent.agent_context.skills`) as V1 lists them. */
export function loadedSkills(info: unknown): Json[] {
  const agent = (info as Json | null)?.agent as Json | undefined;
  const context = agent?.agent_context as Json | undefined;
  const skills = Array.isArray(context?.skills) ? (context.skills as Json[]) : [];
  return skills.map((skill) => {
    const trigger = (skill.trigger ?? null) as Json | null;
    const words = trigger?.keywords ?? trigger?.triggers;
    return {
      name: String(skill.name ?? ''),
      type: skill.is_agentskills_format ? 'agentskills' : trigger ? 'knowledge' : 'repo',
      content: text(skill.content),
      triggers: Array.isArray(words) ? words.map(String) : [],
      source: text(skill.source),
    };
  });
}
