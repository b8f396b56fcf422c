// Strings of the side panel (see ./en.ts).
export const panelStrings = {} as const;
