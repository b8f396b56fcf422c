// Skills (microagents) of a repository, read from its code host with the 1.x rules.

export type { Fetch } from '@/lib/codehosts/http';
export { MAX_READ_BYTES } from '@/lib/codehosts/http';
export { parseFrontMatter } from './front-matter';
export {
  apiBaseFor,
  clearSkillTextCache,
  hostOriginOf,
  MAX_FILES_PER_REPOSITORY,
  readRepositorySkills,
  type SkillsTarget,
} from './read';
export { triggersOf } from './rules';
export * from './types';
