// The skills viewer's words with every page's: imported only by the code that shows skills, so
// they load with it (a lazy part of the side panel, the options page).
import { en } from './en';
import { skillStrings } from './en-skills';
import { translator } from './index';

const words = { ...en, ...skillStrings } as const;

export type SkillsKey = keyof typeof words;

export const t = translator(words);
