/**
 * Which interface of an app server a conversation lives on: the legacy V0 one (REST plus
 * Socket.IO, gone from servers since 1.7) or V1 (app conversations on agent servers).
 */
export const generations = ['v0', 'v1'] as const;
export type Generation = (typeof generations)[number];
