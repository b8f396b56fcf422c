import type { ContentScriptContext } from 'wxt/utils/content-script-context';

export function startContentScript(ctx: ContentScriptContext): void {
  if (!ctx.isValid) return;
  document.documentElement.setAttribute('data-handoff', 'ready');
}
