// A small validator library that judges input the way pydantic v2 does under FastAPI and reports
// failures in the same words, so a 422 from this service has upstream's exact body
// (`{"detail":[{"type","loc","msg","input","ctx"?}]}`). FastAPI validates bodies in Python "lax"
// mode with `from_attributes`, and query/path values as strings; both are modelled here.
// Only the pieces the upstream request models need are implemented.

export type Loc = (string | number)[];

export interface PydanticError {
  type: string;
  loc: Loc;
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

/** `json` = a decoded JSON body; `query` = a string taken from the URL. */
export type Mode = 'json' | 'query';

export const INVALID: unique symbol = Symbol('invalid');
export type Invalid = typeof INVALID;

export interface Schema<T> {
  validate(input: unknown, loc: Loc, errors: PydanticError[], mode: Mode): T | Invalid;
}

/** Thrown by custom validators; becomes a `value_error` like a Python `ValueError`. */
export class ValueError extends Error {}

type Infer<S> = S extends Schema<infer T> ? T : never;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function err(
  errors: PydanticError[],
  type: string,
  loc: Loc,
  msg: string,
  input: unknown,
  ctx?: Record<string, unknown>,
): Invalid {
  errors.push(ctx ? { type, loc, msg, input, ctx } : { type, loc, msg, input });
  return INVALID;
}

/** Python's rendering of the expected choices: `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`. */
export function expectedList(values: readonly string[]): string {
  const quoted = values.map((v) => `'${v}'`);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

export function str(
  opts: { minLength?: number; maxLength?: number; stripWhitespace?: boolean } = {},
): Schema<string> {
  return {
    validate(input, loc, errors) {
      if (typeof input !== 'string') {
        return err(errors, 'string_type', loc, 'Input should be a valid string', input);
      }
      const value = opts.stripWhitespace ? input.trim() : input;
      if (opts.minLength !== undefined && value.length < opts.minLength) {
        const unit = opts.minLength === 1 ? 'character' : 'characters';
        return err(
          errors,
          'string_too_short',
          loc,
          `String should have at least ${opts.minLength} ${unit}`,
          input,
          { min_length: opts.minLength },
        );
      }
      if (opts.maxLength !== undefined && value.length > opts.maxLength) {
        const unit = opts.maxLength === 1 ? 'character' : 'characters';
        return err(
          errors,
          'string_too_long',
          loc,
          `String should have at most ${opts.maxLength} ${unit}`,
          input,
          { max_length: opts.maxLength },
        );
      }
      return value;
    },
  };
}

interface NumberBounds {
  gt?: number;
  ge?: number;
  lt?: number;
  le?: number;
}

function checkBounds(
  value: number,
  bounds: NumberBounds,
  loc: Loc,
  errors: PydanticError[],
  input: unknown,
): number | Invalid {
  if (bounds.gt !== undefined && !(value > bounds.gt)) {
    return err(errors, 'greater_than', loc, `Input should be greater than ${bounds.gt}`, input, {
      gt: bounds.gt,
    });
  }
  if (bounds.ge !== undefined && !(value >= bounds.ge)) {
    return err(
      errors,
      'greater_than_equal',
      loc,
      `Input should be greater than or equal to ${bounds.ge}`,
      input,
      { ge: bounds.ge },
    );
  }
  if (bounds.lt !== undefined && !(value < bounds.lt)) {
    return err(errors, 'less_than', loc, `Input should be less than ${bounds.lt}`, input, {
      lt: bounds.lt,
    });
  }
  if (bounds.le !== undefined && !(value <= bounds.le)) {
    return err(
      errors,
      'less_than_equal',
      loc,
      `Input should be less than or equal to ${bounds.le}`,
      input,
      { le: bounds.le },
    );
  }
  return value;
}

export function int(bounds: NumberBounds = {}): Schema<number> {
  return {
    validate(input, loc, errors) {
      let value: number;
      if (typeof input === 'boolean') value = input ? 1 : 0;
      else if (typeof input === 'number') {
        if (!Number.isFinite(input)) {
          return err(errors, 'finite_number', loc, 'Input should be a finite number', input);
        }
        if (!Number.isInteger(input)) {
          return err(
            errors,
            'int_from_float',
            loc,
            'Input should be a valid integer, got a number with a fractional part',
            input,
          );
        }
        value = input;
      } else if (typeof input === 'string') {
        const trimmed = input.trim();
        if (!/^[-+]?\d+(_\d+)*$/.test(trimmed)) {
          return err(
            errors,
            'int_parsing',
            loc,
            'Input should be a valid integer, unable to parse string as an integer',
            input,
          );
        }
        value = Number(trimmed.replaceAll('_', ''));
      } else {
        return err(errors, 'int_type', loc, 'Input should be a valid integer', input);
      }
      return checkBounds(value, bounds, loc, errors, input);
    },
  };
}

export function float(bounds: NumberBounds = {}): Schema<number> {
  return {
    validate(input, loc, errors) {
      let value: number;
      if (typeof input === 'boolean') value = input ? 1 : 0;
      else if (typeof input === 'number') value = input;
      else if (typeof input === 'string') {
        const parsed = Number(input.trim());
        if (input.trim() === '' || Number.isNaN(parsed)) {
          return err(
            errors,
            'float_parsing',
            loc,
            'Input should be a valid number, unable to parse string as a number',
            input,
          );
        }
        value = parsed;
      } else {
        return err(errors, 'float_type', loc, 'Input should be a valid number', input);
      }
      return checkBounds(value, bounds, loc, errors, input);
    },
  };
}

const truthy = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const falsy = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

export function bool(): Schema<boolean> {
  return {
    validate(input, loc, errors) {
      if (typeof input === 'boolean') return input;
      if (typeof input === 'number' && (input === 0 || input === 1)) return input === 1;
      if (typeof input === 'string') {
        const lowered = input.trim().toLowerCase();
        if (truthy.has(lowered)) return true;
        if (falsy.has(lowered)) return false;
        return err(
          errors,
          'bool_parsing',
          loc,
          'Input should be a valid boolean, unable to interpret input',
          input,
        );
      }
      if (typeof input === 'number') {
        return err(
          errors,
          'bool_parsing',
          loc,
          'Input should be a valid boolean, unable to interpret input',
          input,
        );
      }
      return err(errors, 'bool_type', loc, 'Input should be a valid boolean', input);
    },
  };
}

/** A Python `Enum` field (`type: "enum"`) or a `Literal[...]` (`type: "literal_error"`). */
export function oneOf<const T extends readonly string[]>(
  values: T,
  kind: 'enum' | 'literal' = 'enum',
): Schema<T[number]> {
  const expected = expectedList(values);
  return {
    validate(input, loc, errors) {
      if (typeof input === 'string' && (values as readonly string[]).includes(input)) {
        return input as T[number];
      }
      return err(
        errors,
        kind === 'enum' ? 'enum' : 'literal_error',
        loc,
        `Input should be ${expected}`,
        input,
        { expected },
      );
    },
  };
}

export function any(): Schema<unknown> {
  return { validate: (input) => input };
}

export function nullable<T>(inner: Schema<T>): Schema<T | null> {
  return {
    validate(input, loc, errors, mode) {
      if (input === null) return null;
      return inner.validate(input, loc, errors, mode);
    },
  };
}

export function list<T>(item: Schema<T>, opts: { minLength?: number } = {}): Schema<T[]> {
  return {
    validate(input, loc, errors, mode) {
      if (!Array.isArray(input)) {
        return err(errors, 'list_type', loc, 'Input should be a valid list', input);
      }
      const out: T[] = [];
      let failed = false;
      input.forEach((element, index) => {
        const value = item.validate(element, [...loc, index], errors, mode);
        if (value === INVALID) failed = true;
        else out.push(value);
      });
      if (failed) return INVALID;
      if (opts.minLength !== undefined && out.length < opts.minLength) {
        const unit = opts.minLength === 1 ? 'item' : 'items';
        return err(
          errors,
          'too_short',
          loc,
          `List should have at least ${opts.minLength} ${unit} after validation, not ${out.length}`,
          input,
          { field_type: 'List', min_length: opts.minLength, actual_length: out.length },
        );
      }
      return out;
    },
  };
}

export function dict<V>(key: Schema<string>, value: Schema<V>): Schema<Record<string, V>> {
  return {
    validate(input, loc, errors, mode) {
      if (!isPlainObject(input)) {
        return err(errors, 'dict_type', loc, 'Input should be a valid dictionary', input);
      }
      const out: Record<string, V> = {};
      let failed = false;
      for (const [k, v] of Object.entries(input)) {
        const validKey = key.validate(k, [...loc, k, '[key]'], errors, mode);
        const validValue = value.validate(v, [...loc, k], errors, mode);
        if (validKey === INVALID || validValue === INVALID) failed = true;
        else out[validKey] = validValue;
      }
      return failed ? INVALID : out;
    },
  };
}

/** Accepts the dashed and the bare 32-hex forms; returns the bare lowercase hex. */
export function uuid(): Schema<string> {
  return {
    validate(input, loc, errors) {
      if (typeof input !== 'string') {
        return err(
          errors,
          'uuid_type',
          loc,
          'UUID input should be a string, bytes or UUID object',
          input,
        );
      }
      const bare = input.replace(/^urn:uuid:/i, '').replaceAll('-', '');
      const bad = /[^0-9a-fA-F-]/.exec(input.replace(/^urn:uuid:/i, ''));
      let reason: string | null = null;
      if (bad) {
        reason = `invalid character: expected an optional prefix of \`urn:uuid:\` followed by [0-9a-fA-F-], found \`${bad[0]}\` at ${bad.index + 1}`;
      } else if (bare.length !== 32) {
        reason = input.includes('-')
          ? `invalid group count: expected 5, found ${input.split('-').length}`
          : `invalid length: expected length 32 for simple format, found ${input.length}`;
      }
      if (reason) {
        return err(errors, 'uuid_parsing', loc, `Input should be a valid UUID, ${reason}`, input, {
          error: reason,
        });
      }
      return bare.toLowerCase();
    },
  };
}

/** An ISO 8601 datetime string (or a unix timestamp), kept as given. */
export function datetime(): Schema<string> {
  return {
    validate(input, loc, errors) {
      if (typeof input === 'number') return new Date(input * 1000).toISOString();
      if (typeof input !== 'string') {
        return err(errors, 'datetime_type', loc, 'Input should be a valid datetime', input);
      }
      const ok =
        /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(
          input.trim(),
        );
      if (!ok) {
        const reason = input.length < 10 ? 'input is too short' : 'invalid character in year';
        return err(
          errors,
          'datetime_from_date_parsing',
          loc,
          `Input should be a valid datetime or date, ${reason}`,
          input,
          { error: reason },
        );
      }
      return input.trim();
    },
  };
}

/** A check run after the inner schema, like a pydantic `field_validator` (mode "after"). */
export function refine<T, U = T>(inner: Schema<T>, check: (value: T) => U): Schema<U> {
  return {
    validate(input, loc, errors, mode) {
      const value = inner.validate(input, loc, errors, mode);
      if (value === INVALID) return INVALID;
      try {
        return check(value);
      } catch (e) {
        if (e instanceof ValueError) {
          return err(errors, 'value_error', loc, `Value error, ${e.message}`, input, { error: {} });
        }
        throw e;
      }
    },
  };
}

/** A transformation before the inner schema, like a pydantic `field_validator(mode="before")`. */
export function before<T>(inner: Schema<T>, transform: (raw: unknown) => unknown): Schema<T> {
  return {
    validate(input, loc, errors, mode) {
      let value: unknown;
      try {
        value = transform(input);
      } catch (e) {
        if (e instanceof ValueError) {
          return err(errors, 'value_error', loc, `Value error, ${e.message}`, input, { error: {} });
        }
        // A Python AttributeError in a before-validator surfaces as a 500 upstream.
        throw e;
      }
      return inner.validate(value, loc, errors, mode);
    },
  };
}

/** Members of `A | B` are tried in turn; failures are reported per member, tagged by its name. */
export function union<T>(members: [string, Schema<T>][]): Schema<T> {
  return {
    validate(input, loc, errors, mode) {
      const collected: PydanticError[] = [];
      for (const [tag, member] of members) {
        const memberErrors: PydanticError[] = [];
        const value = member.validate(input, [...loc, tag], memberErrors, mode);
        if (value !== INVALID) return value;
        collected.push(...memberErrors);
      }
      errors.push(...collected);
      return INVALID;
    },
  };
}

interface FieldOptions<T> {
  /** Used when the key is absent. Without a default the field is required. */
  default?: () => T;
  /** The key in the input when it differs from the field name (pydantic `alias`). */
  alias?: string;
}

export interface Field<T> {
  schema: Schema<T>;
  options: FieldOptions<T>;
}

export function optional<T>(schema: Schema<T>, fallback: () => T): Field<T> {
  return { schema, options: { default: fallback } };
}

/** `X | None = None`: the common optional field of the upstream models. */
export function opt<T>(schema: Schema<T>): Field<T | null> {
  return { schema: nullable(schema), options: { default: () => null } };
}

type FieldSpec = Schema<unknown> | Field<unknown>;
type FieldValue<F> = F extends Field<infer T> ? T : F extends Schema<infer T> ? T : never;
export type ModelOf<F extends Record<string, FieldSpec>> = { [K in keyof F]: FieldValue<F[K]> };

export interface ModelOptions {
  /** pydantic `extra`: `forbid` reports every unknown key; `ignore` drops them. */
  extra?: 'forbid' | 'ignore' | 'allow';
  /** A model_validator(mode="before"), applied to the raw object. */
  before?: (raw: Record<string, unknown>) => Record<string, unknown>;
  /**
   * FastAPI reports missing query/path/header parameters with `input: null`; pydantic reports a
   * missing model field with the whole object as input.
   */
  missingInputIsNull?: boolean;
}

export interface ModelSchema<T> extends Schema<T> {
  readonly fieldNames: readonly string[];
}

export function model<F extends Record<string, FieldSpec>>(
  fields: F,
  opts: ModelOptions = {},
): ModelSchema<ModelOf<F>> {
  const entries = Object.entries(fields).map(([name, spec]) => {
    const field: Field<unknown> =
      'schema' in spec
        ? (spec as Field<unknown>)
        : { schema: spec as Schema<unknown>, options: {} };
    return [name, field] as const;
  });
  const known = new Set(entries.map(([name, field]) => field.options.alias ?? name));
  return {
    fieldNames: entries.map(([name]) => name),
    validate(input, loc, errors, mode) {
      if (!isPlainObject(input)) {
        return err(
          errors,
          'model_attributes_type',
          loc,
          'Input should be a valid dictionary or object to extract fields from',
          input,
        );
      }
      const raw = opts.before ? opts.before({ ...input }) : input;
      const out: Record<string, unknown> = {};
      let failed = false;
      for (const [name, field] of entries) {
        const key = field.options.alias ?? name;
        if (!(key in raw)) {
          if (field.options.default) {
            out[name] = field.options.default();
            continue;
          }
          errors.push({
            type: 'missing',
            loc: [...loc, key],
            msg: 'Field required',
            input: opts.missingInputIsNull ? null : raw,
          });
          failed = true;
          continue;
        }
        const value = field.schema.validate(raw[key], [...loc, key], errors, mode);
        if (value === INVALID) failed = true;
        else out[name] = value;
      }
      for (const [key, value] of Object.entries(raw)) {
        if (known.has(key)) continue;
        if (opts.extra === 'forbid') {
          errors.push({
            type: 'extra_forbidden',
            loc: [...loc, key],
            msg: 'Extra inputs are not permitted',
            input: value,
          });
          failed = true;
        } else if (opts.extra === 'allow') {
          out[key] = value;
        }
      }
      return failed ? INVALID : (out as ModelOf<F>);
    },
  };
}

export type { Infer };
