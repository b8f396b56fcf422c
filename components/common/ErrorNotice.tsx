import { type ApiError, toApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';

/** Any failure as an ApiError, the one error model pages deal with. */
export function asApiError(error: unknown): ApiError {
  return toApiError(error);
}

/** The message a 422 (or a local check) gave for one field, if any. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!error) return undefined;
  const errors = asApiError(error).fieldErrors ?? [];
  const match = errors.find(
    (item) =>
      item.field === field ||
      item.field.endsWith(`.${field}`) ||
      item.loc[item.loc.length - 1] === field,
  );
  return match?.msg;
}

interface ErrorNoticeProps {
  error: unknown;
  /** Offers a retry button when given. */
  onRetry?: () => void;
  /** Field errors shown next to their fields are not repeated here. */
  hideFieldErrors?: boolean;
  /** What to do about it, when the caller knows more than the error itself says. */
  next?: string | null;
}

/** A failure in words a person understands, with the server's own words when it gave any. */
export function ErrorNotice({ error, onRetry, hideFieldErrors, next }: ErrorNoticeProps) {
  if (!error) return null;
  const apiError = asApiError(error);
  const fieldErrors = hideFieldErrors ? [] : (apiError.fieldErrors ?? []);
  return (
    <div className="notice notice-error" role="alert">
      <div>{apiError.message || t('error.generic')}</div>
      {apiError.serverMessage && !apiError.message.includes(apiError.serverMessage) ? (
        <div className="muted">{apiError.serverMessage}</div>
      ) : null}
      {fieldErrors.length ? (
        <ul>
          {fieldErrors.map((item) => (
            <li key={`${item.field}:${item.msg}`}>
              {item.field ? <code>{item.field}</code> : null} {item.msg}
            </li>
          ))}
        </ul>
      ) : null}
      {next ? <div>{next}</div> : null}
      {onRetry ? (
        <button type="button" className="btn btn-small" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}
