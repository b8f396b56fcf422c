/**
 * What an options section says after a save. The live region stays in the page even when empty,
 * so screen readers announce the words the moment they appear.
 */
export function SavedNotice({ text }: { text: string | null | undefined }) {
  return (
    <div aria-live="polite">{text ? <p className="notice notice-success">{text}</p> : null}</div>
  );
}

/** A section's failure, announced at once. */
export function FailureNotice({ text, id }: { text: string | null | undefined; id?: string }) {
  return text ? (
    <p id={id} className="notice notice-error" role="alert">
      {text}
    </p>
  ) : null;
}
