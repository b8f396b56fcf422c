// The options page's words (its sections, also shown in the side panel's setup and sandboxes
// views) with the skills viewer's and every page's: imported only by the code that shows them.
import { en } from './en';
import { optionsStrings } from './en-options';
import { skillStrings } from './en-skills';
import { translator } from './index';

const words = { ...en, ...optionsStrings, ...skillStrings } as const;

export type OptionsKey = keyof typeof words;

export const t = translator(words);
