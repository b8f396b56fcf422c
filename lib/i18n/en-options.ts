// Strings of the options page, the microagent viewer and the sandboxes tab (see ./en.ts).
export const optionsStrings = {} as const;
