import { type KeyboardEvent, useRef } from 'react';
import { Icon, type IconName } from '@/components/common/icons';

export interface TabItem<K extends string> {
  id: K;
  label: string;
  icon?: IconName;
  /** In a narrow panel only the icon shows (the label stays the tab's name). */
  compact?: boolean;
}

interface TabsProps<K extends string> {
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (id: K) => void;
}

/** The id of a tab's panel, for aria-controls / aria-labelledby. */
export const tabPanelId = (id: string) => `panel-view-${id}`;
export const tabId = (id: string) => `panel-tab-${id}`;

/**
 * WAI-ARIA tabs: one tab in the tab order, arrow keys (and Home/End) move between tabs and
 * select them, so the panel's sections are reachable without a mouse.
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect }: TabsProps<K>) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const move = (event: KeyboardEvent, index: number) => {
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };
  return (
    <div className="panel-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          ref={(element) => {
            if (element) refs.current.set(tab.id, element);
            else refs.current.delete(tab.id);
          }}
          type="button"
          role="tab"
          id={tabId(tab.id)}
          className="panel-tab"
          data-tab={tab.id}
          data-compact={tab.compact || undefined}
          aria-selected={tab.id === selected}
          aria-controls={tabPanelId(tab.id)}
          tabIndex={tab.id === selected ? 0 : -1}
          title={tab.label}
          onClick={() => onSelect(tab.id)}
          onKeyDown={(event) => move(event, index)}
        >
          {tab.icon ? <Icon name={tab.icon} /> : null}
          <span className="tab-label">{tab.label}</span>
        </button>
      ))}
    </div>
  );
}
