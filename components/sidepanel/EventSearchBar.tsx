import { forwardRef, useId } from 'react';
import type { Generation } from '@/lib/api/generation';
import { t } from '@/lib/i18n';
import { knownClassNames, typeExamples } from '@/lib/timeline/event-classes';
import { parseTypeList } from '@/lib/timeline/event-search';

import type { SearchFields } from './model/search-fields';

export { emptySearch, type SearchFields, toFilter } from './model/search-fields';

interface EventSearchBarProps {
  generation: Generation;
  fields: SearchFields;
  onChange: (fields: SearchFields) => void;
  matchCount: number;
  /** Events searched so far, and whether older history is still being read. */
  searched: number;
  searchingOlder: boolean;
  active: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onClose: () => void;
}

/**
 * Every field of the service's event search (query, include_types, exclude_types, source,
 * start_date, end_date, exclude_hidden), meaning what it means there: see
 * lib/timeline/event-search.ts. Type names are the service's class names, offered as you type.
 */
export const EventSearchBar = forwardRef<HTMLInputElement, EventSearchBarProps>(
  function EventSearchBar(
    {
      generation,
      fields,
      onChange,
      matchCount,
      searched,
      searchingOlder,
      active,
      onPrevious,
      onNext,
      onClose,
    },
    queryRef,
  ) {
    const id = useId();
    const names = knownClassNames(generation);
    const examples = typeExamples(generation);
    const unknown = [...parseTypeList(fields.include), ...parseTypeList(fields.exclude)].filter(
      (name) => !names.includes(name),
    );
    const set = <K extends keyof SearchFields>(key: K, value: SearchFields[K]) =>
      onChange({ ...fields, [key]: value });
    return (
      <search className="search-bar" aria-label={t('panel.search.label')}>
        <div className="row">
          <input
            ref={queryRef}
            className="input grow"
            type="search"
            aria-label={t('panel.search.query')}
            placeholder={t('panel.search.queryPlaceholder')}
            value={fields.query}
            onChange={(event) => set('query', event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                if (event.shiftKey) onPrevious();
                else onNext();
              }
              if (event.key === 'Escape') onClose();
            }}
          />
          <button
            type="button"
            className="btn btn-small"
            onClick={onPrevious}
            disabled={!matchCount}
          >
            <span aria-hidden="true">↑</span>
            <span className="visually-hidden">{t('panel.search.previous')}</span>
          </button>
          <button type="button" className="btn btn-small" onClick={onNext} disabled={!matchCount}>
            <span aria-hidden="true">↓</span>
            <span className="visually-hidden">{t('panel.search.next')}</span>
          </button>
          <button type="button" className="btn btn-small" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
        <details>
          <summary className="small">{t('panel.search.more')}</summary>
          <div className="search-grid">
            <label>
              {t('panel.search.include')}
              <input
                className="input"
                list={`${id}-types`}
                placeholder={examples.include}
                value={fields.include}
                onChange={(event) => set('include', event.target.value)}
              />
            </label>
            <label>
              {t('panel.search.exclude')}
              <input
                className="input"
                list={`${id}-types`}
                placeholder={examples.exclude}
                value={fields.exclude}
                onChange={(event) => set('exclude', event.target.value)}
              />
            </label>
            <label>
              {t('panel.search.source')}
              <select
                className="select"
                value={fields.source}
                onChange={(event) => set('source', event.target.value)}
              >
                <option value="">{t('panel.search.anySource')}</option>
                <option value="agent">agent</option>
                <option value="user">user</option>
                <option value="environment">environment</option>
              </select>
            </label>
            <label>
              {t('panel.search.start')}
              <input
                className="input"
                placeholder="2025-01-20T14:00"
                value={fields.start}
                onChange={(event) => set('start', event.target.value)}
              />
            </label>
            <label>
              {t('panel.search.end')}
              <input
                className="input"
                placeholder="2025-01-20T18:00"
                value={fields.end}
                onChange={(event) => set('end', event.target.value)}
              />
            </label>
          </div>
          <datalist id={`${id}-types`}>
            {names.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <label className="small row">
            <input
              type="checkbox"
              checked={fields.excludeHidden}
              onChange={(event) => set('excludeHidden', event.target.checked)}
            />
            {t('panel.search.excludeHidden')}
          </label>
          <p className="field-hint">{t('panel.search.semantics', { base: examples.base })}</p>
        </details>
        <label className="small row">
          <input
            type="checkbox"
            checked={fields.onlyMatches}
            onChange={(event) => set('onlyMatches', event.target.checked)}
          />
          {t('panel.search.onlyMatches')}
        </label>
        {unknown.length ? (
          <p className="field-error">
            {t('panel.search.unknownTypes', { names: unknown.join(', ') })}
          </p>
        ) : null}
        {active ? (
          <p className="small muted" role="status" data-search-matches={matchCount}>
            {t('panel.search.count', { count: matchCount, searched })}
            {searchingOlder ? ` ${t('panel.search.searchingOlder')}` : ''}
          </p>
        ) : null}
      </search>
    );
  },
);
