// Reading the fault-control endpoint's JSON bodies: one object, its fields checked in plain words
// (a 422 naming the field), so every `/__admin/…` route refuses a bad call the same way.
import { httpException } from '../http/respond';

export function objectBody(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw httpException(422, 'Expected a JSON object');
  }
  return value as Record<string, unknown>;
}

export function numberField(body: Record<string, unknown>, key: string, fallback?: number): number {
  const value = body[key] ?? fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw httpException(422, `${key} must be a non-negative number`);
  }
  return value;
}

/** A count: a whole number, zero or more. */
export function countField(body: Record<string, unknown>, key: string, fallback?: number): number {
  const value = body[key] ?? fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw httpException(422, `${key} must be a non-negative integer`);
  }
  return value;
}
