// The event search's fields as typed and their meaning as the service's EventFilter, apart from
// the search bar so the search logic loads with the conversation and the bar only when opened.
import { type EventSearchFilter, parseTypeList } from '@/lib/timeline/event-search';

/** The search bar's fields as typed; `toFilter` turns them into the service's EventFilter. */
export interface SearchFields {
  query: string;
  include: string;
  exclude: string;
  source: string;
  start: string;
  end: string;
  excludeHidden: boolean;
  onlyMatches: boolean;
}

export const emptySearch: SearchFields = {
  query: '',
  include: '',
  exclude: '',
  source: '',
  start: '',
  end: '',
  excludeHidden: false,
  onlyMatches: true,
};

export function toFilter(fields: SearchFields): EventSearchFilter {
  return {
    query: fields.query || null,
    include_types: parseTypeList(fields.include),
    exclude_types: parseTypeList(fields.exclude),
    source: fields.source || null,
    start_date: fields.start.trim() || null,
    end_date: fields.end.trim() || null,
    exclude_hidden: fields.excludeHidden,
  };
}
