import { highlightParts } from '@/lib/timeline/text';

/** Text with the search words marked; plain text nodes only. */
export function Highlighted({ text, query }: { text: string; query?: string | null }) {
  const parts = highlightParts(text, query);
  if (parts.length === 1 && !parts[0]?.match) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder.
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}
