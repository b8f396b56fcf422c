// What an agent server fetches over the network besides the code hosts: the public skills
// repository (OpenHands/extensions, which `load_public` clones) and GitHub's API (repository
// search). With the service's `offline` option neither can be reached, as on a machine without
// network; every attempt is counted so a test can prove a client caused none.
//
// Upstream (sdk/skills/skill.py `load_public_skills`, v1.43.1 and later): the first load clones
// the repository into ~/.openhands/cache/skills/public-skills (git/cached_repo.py, a shallow
// clone with a 120 s time-out); when the clone fails the public tier is simply empty (a warning
// in the log, no error to the caller), and an empty result is not cached, so every later request
// tries the network again.
import type { ServiceHost } from '../core/host';
import { sleep } from '../core/time';
import { type LoadedSkill, publicSkills } from './skills';

/** A clone of the public skills repository at pace 1. */
const PUBLIC_CLONE_MS = 800;
/** How long git takes to give up on a host it cannot resolve. */
const FAILED_LOOKUP_MS = 40;

export class AgentNetwork {
  /** Attempts to clone the public skills repository, per server scope. */
  private readonly publicClones = new Map<string, number>();
  /** Servers whose clone of the public skills repository is in place. */
  private readonly cloned = new Set<string>();

  constructor(private readonly host: ServiceHost) {}

  get offline(): boolean {
    return this.host.options.offline;
  }

  /** The public tier of `POST /api/skills` with `load_public`, as the server's cache holds it. */
  async publicSkills(scope: string, home: string): Promise<LoadedSkill[]> {
    if (this.cloned.has(scope)) return publicSkills(home);
    this.publicClones.set(scope, (this.publicClones.get(scope) ?? 0) + 1);
    const pace = this.host.pacing().multiplier;
    if (this.offline) {
      await sleep(FAILED_LOOKUP_MS * pace);
      return [];
    }
    await sleep(PUBLIC_CLONE_MS * pace);
    this.cloned.add(scope);
    return publicSkills(home);
  }

  /** How often servers tried to fetch the public skills repository (all scopes together). */
  publicSkillFetches(): number {
    let total = 0;
    for (const count of this.publicClones.values()) total += count;
    return total;
  }
}
