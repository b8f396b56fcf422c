export interface SandboxesViewProps {
  /** Opens a conversation that runs in a sandbox. */
  onOpenConversation?: (conversationId: string) => void;
}

/** The server's V1 sandboxes. Placeholder until the sandboxes tab lands. */
export function SandboxesView(_props: SandboxesViewProps) {
  return null;
}
