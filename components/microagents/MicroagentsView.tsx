import type { PageContext } from '@/lib/hosts/page-context';

export interface MicroagentsViewProps {
  /** The repository page the person came from; null when the panel has none. */
  context: PageContext | null;
  /** Open this microagent file at once ("View as microagent"). */
  filePath?: string;
  onOpenOptions: () => void;
}

/** The repository's microagent files. Placeholder until the microagent viewer lands. */
export function MicroagentsView({ context }: MicroagentsViewProps) {
  return <p className="muted">{context ? context.repository : null}</p>;
}
