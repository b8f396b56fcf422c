// The hosted service's start request, beyond the self-hosted 1.11 app server's: the fields
// `system_prompt` (replaces the default system prompt) and `disabled_skills` (skills not loaded)
// of OpenHands/enterprise openhands/app_server/app_conversation/app_conversation_models.py at
// 00eaf336, kept in the start task's `request`; and the daily conversation quota (OpenHands/enterprise
// enterprise/server/services/daily_conversation_quota_service.py at 18502bfa, and its router test
// tests/…/test_app_conversation_quota…: `POST /api/v1/app-conversations` and
// `POST /api/v1/app-conversations/stream-start` reserve one conversation of the user's UTC day
// before anything starts):
// - at the limit the start answers 429 `{"detail": {"code": "daily_conversation_limit_reached",
//   "message": "Daily conversation limit of N reached. Request a quota increase at
//   /settings/quota.", "limit": N, "used": U, "reset_at": "<next UTC midnight>+00:00"}}`, a plain
//   HTTPException: no Retry-After and no other header;
// - a limit of 0 or less refuses every start; none (or -1, exempt) never counts;
// - a start whose task ends in ERROR gives its conversation back, as does a stream-start that
//   closes before its first task.
// The limit comes from the service's `dailyConversationLimit` option (`OH_DAILY_CONVERSATION_LIMIT`)
// or the admin helper. Upstream's `GET /api/quota/status` is not played (the hosted OpenAPI
// document the contract test checks has no such route).
import { INVALID, list, model, opt, type Schema, str } from '../http/pydantic';
import { HttpError, json, RESPONSE, type ServiceResponse } from '../http/respond';
import type { Route } from '../http/router';
import { AppConversationStartRequest1xModel } from '../models/v1';
import type { RouteHost } from './common';

export interface QuotaRecord {
  /** Set by the admin helper; absent: the option's. */
  limit?: number | null;
  /** The UTC day the usage below belongs to (`YYYY-MM-DD`). */
  day: string;
  /** One per reserved start: its task once known (null while it is still coming). */
  reservations: { task_id: string | null }[];
  /** Usage the admin helper put there (conversations started elsewhere today). */
  extra_used: number;
}

const START_PATHS = new Set([
  '/api/v1/app-conversations',
  '/api/v1/app-conversations/stream-start',
]);

function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** `datetime.combine(date + 1 day, time.min, tzinfo=UTC).isoformat()`. */
export function nextUtcMidnight(now = new Date()): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return `${next.toISOString().slice(0, 19)}+00:00`;
}

export class DailyQuota {
  constructor(private readonly host: RouteHost) {}

  private get record(): QuotaRecord {
    const day = today();
    let record = this.host.data.daily_quota;
    if (!record || record.day !== day) {
      record = { limit: record?.limit, day, reservations: [], extra_used: 0 };
      if (record.limit === undefined) delete record.limit;
      this.host.data.daily_quota = record;
    }
    return record;
  }

  /** The effective limit: null is unlimited (-1 is the exempt marker). */
  limit(): number | null {
    const record = this.record;
    const limit =
      'limit' in record ? (record.limit ?? null) : this.host.options.dailyConversationLimit;
    return limit === -1 ? null : limit;
  }

  used(): number {
    const record = this.record;
    const kept = record.reservations.filter(
      ({ task_id }) => task_id === null || this.host.v1.task(task_id)?.status !== 'ERROR',
    );
    return kept.length + record.extra_used;
  }

  /** Admin helper: the limit (null unlimited), and optionally today's usage so far. */
  set(limit: number | null, used?: number): void {
    const record = this.record;
    record.limit = limit;
    if (used !== undefined) {
      record.reservations = [];
      record.extra_used = used;
    }
    this.host.persist();
  }

  /** `reserve`: one more conversation today, or the 429; null when nothing is counted. */
  reserve(): { task_id: string | null } | null {
    const limit = this.limit();
    if (limit === null) return null;
    const used = this.used();
    if (limit <= 0 || used >= limit) {
      throw new HttpError(
        json(
          {
            detail: {
              code: 'daily_conversation_limit_reached',
              message: `Daily conversation limit of ${limit} reached. Request a quota increase at /settings/quota.`,
              limit,
              used,
              reset_at: nextUtcMidnight(),
            },
          },
          429,
        ),
      );
    }
    const reservation = { task_id: null };
    this.record.reservations.push(reservation);
    this.host.persist();
    return reservation;
  }

  release(reservation: { task_id: string | null }): void {
    const list = this.record.reservations;
    const index = list.indexOf(reservation);
    if (index !== -1) list.splice(index, 1);
    this.host.persist();
  }
}

const quotas = new WeakMap<RouteHost, DailyQuota>();

export function dailyQuotaOf(host: RouteHost): DailyQuota {
  let quota = quotas.get(host);
  if (!quota) {
    quota = new DailyQuota(host);
    quotas.set(host, quota);
  }
  return quota;
}

const hostedOnlyFields = model({ system_prompt: opt(str()), disabled_skills: opt(list(str())) });

/** The hosted `AppConversationStartRequest`: the 1.x one and two fields, in upstream's order. */
const hostedStartModel: Schema<Record<string, unknown>> = {
  validate(input, loc, errors, mode) {
    const base = AppConversationStartRequest1xModel.validate(input, loc, errors, mode);
    const extra = hostedOnlyFields.validate(input, loc, errors, mode);
    if (base === INVALID || extra === INVALID) return INVALID;
    const ordered: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(base)) {
      ordered[key] = value;
      if (key === 'system_message_suffix') ordered.system_prompt = extra.system_prompt;
    }
    ordered.disabled_skills = extra.disabled_skills;
    return ordered;
  },
};

/**
 * The app server's start routes as the hosted service has them: its start request, and the quota
 * in front of them.
 */
export function withDailyQuota(host: RouteHost, routes: Route[]): Route[] {
  const quota = dailyQuotaOf(host);
  return routes.map((route) => {
    if (route.method !== 'POST' || !START_PATHS.has(route.path)) return route;
    return {
      ...route,
      body: { kind: 'model', schema: hostedStartModel as Schema<unknown>, required: true },
      handle: async (context) => {
        const reservation = quota.reserve();
        let result: unknown;
        try {
          result = await route.handle(context);
        } catch (error) {
          if (reservation) quota.release(reservation);
          throw error;
        }
        if (!reservation) return result;
        const response = result as ServiceResponse & { stream?: AsyncGenerator<string> };
        if (response && typeof response === 'object' && RESPONSE in response && response.stream) {
          // stream-start: the task is the first object in the stream.
          const inner = response.stream;
          async function* tracked(): AsyncGenerator<string> {
            try {
              for await (const chunk of inner) {
                if (reservation && reservation.task_id === null && chunk.startsWith('{')) {
                  reservation.task_id = String(JSON.parse(chunk).id);
                }
                yield chunk;
              }
            } finally {
              if (reservation && reservation.task_id === null) quota.release(reservation);
            }
          }
          return { ...response, stream: tracked() };
        }
        reservation.task_id = String((result as { id?: unknown }).id);
        return result;
      },
    };
  });
}
