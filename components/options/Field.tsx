import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled control with its hint and its error message, announced with the control. */
export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * After a submit that found problems, puts keyboard focus on the first field with a message,
 * so keyboard and screen-reader users land on what to fix. Returns the form's ref.
 */
export function useFocusFirstInvalid(errors: object) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!Object.keys(errors).length) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return form;
}

interface AddressFieldProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** `url` where the browser may offer addresses typed before (the server's). */
  autoComplete?: 'url';
}

/** A labelled address input: typed as a URL, never spell-checked. */
export function AddressField({
  value,
  onChange,
  placeholder,
  autoComplete,
  ...field
}: AddressFieldProps) {
  return (
    <Field {...field}>
      {(control) => (
        <input
          {...control}
          className="input"
          type="text"
          inputMode="url"
          autoComplete={autoComplete}
          spellCheck={false}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
