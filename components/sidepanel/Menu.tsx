import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Icon, type IconName } from '@/components/common/icons';

export type MenuItem =
  | {
      kind: 'action';
      label: string;
      icon?: IconName;
      /** Shown on the right, and announced (`aria-keyshortcuts`). */
      shortcut?: string;
      disabled?: boolean;
      onSelect: () => void;
    }
  | { kind: 'check'; label: string; checked: boolean; onChange: (checked: boolean) => void }
  | { kind: 'link'; label: string; icon?: IconName; href: string };

/** The menu's items that can be picked, in order. */
function enabledItems(list: HTMLElement | null): HTMLElement[] {
  return [...(list?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])].filter(
    (element) => element.getAttribute('aria-disabled') !== 'true',
  );
}

/**
 * A menu button (WAI-ARIA menu pattern): the button opens a list of items, arrow keys, Home and
 * End move between them, Enter or Space picks one, Escape or a click elsewhere closes it and
 * focus goes back to the button. Keeps secondary actions out of the way without hiding them from
 * the keyboard.
 */
export function Menu({
  label,
  items,
  children,
}: {
  /** The button's accessible name. */
  label: string;
  items: readonly MenuItem[];
  /** The button's visible content (an icon). */
  children: ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement | null>(null);
  const list = useRef<HTMLDivElement | null>(null);

  const itemElements = () => enabledItems(list.current);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    requestAnimationFrame(() => enabledItems(list.current)[0]?.focus());
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, close]);

  const onKeyDown = (event: KeyboardEvent) => {
    const elements = itemElements();
    const at = elements.indexOf(document.activeElement as HTMLElement);
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = (at + 1) % elements.length;
    else if (event.key === 'ArrowUp') next = (at - 1 + elements.length) % elements.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = elements.length - 1;
    else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close(event.key === 'Escape');
      return;
    }
    if (next === null) return;
    event.preventDefault();
    elements[next]?.focus();
  };

  return (
    <div className="menu">
      <button
        ref={button}
        type="button"
        className="btn btn-small btn-icon"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children}
      </button>
      {open ? (
        <div
          ref={list}
          id={`${id}-menu`}
          className="menu-list"
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onKeyDown}
        >
          {items.map((item) => {
            if (item.kind === 'check') {
              return (
                <button
                  key={item.label}
                  type="button"
                  role="menuitemcheckbox"
                  aria-checked={item.checked}
                  className="menu-item"
                  tabIndex={-1}
                  onClick={() => {
                    item.onChange(!item.checked);
                    close(true);
                  }}
                >
                  <span className="menu-check">{item.checked ? <Icon name="check" /> : null}</span>
                  {item.label}
                </button>
              );
            }
            if (item.kind === 'link') {
              return (
                <a
                  key={item.label}
                  role="menuitem"
                  className="menu-item"
                  tabIndex={-1}
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => close(false)}
                >
                  <span className="menu-check">{item.icon ? <Icon name={item.icon} /> : null}</span>
                  {item.label}
                </a>
              );
            }
            return (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                className="menu-item"
                tabIndex={-1}
                aria-disabled={item.disabled || undefined}
                aria-keyshortcuts={item.shortcut}
                onClick={() => {
                  if (item.disabled) return;
                  close(false);
                  item.onSelect();
                }}
              >
                <span className="menu-check">{item.icon ? <Icon name={item.icon} /> : null}</span>
                <span className="grow">{item.label}</span>
                {item.shortcut ? (
                  <span className="kbd" aria-hidden="true">
                    {item.shortcut}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
