import { buttonStyles } from './button-styles';

/** Marks the element that owns our shadow root, so a page never gets a second one. */
export const ROOT_ATTRIBUTE = 'data-handoff-root';

export type ButtonAction = 'start' | 'open' | 'start-another' | 'microagents' | 'view-microagent';

/** What the button says about the page's newest conversation (words from the worker). */
export interface ButtonState {
  label: string;
  state: string;
}

export interface ButtonUi {
  root: HTMLElement;
  /** Shows the secondary action that fits the page, or none. */
  setSecondary(action: 'microagents' | 'view-microagent' | null): void;
  setFloating(floating: boolean): void;
  /** Replaces a button's tooltip, e.g. to say the extension was updated. */
  setHint(text: string): void;
  /** The page's item has a conversation: the button says how it is and opens it; null: none. */
  setState(state: ButtonState | null): void;
}

const START_LABEL = 'Start conversation';
const START_HINT = 'Hand this to an agent (Alt-click: start at once)';
const OPEN_HINT = 'Open this conversation in Handoff';

const secondaryLabels = {
  microagents: 'Microagents',
  'view-microagent': 'View as microagent',
} as const;

// Handoff's mark, as on the toolbar: a white arrow on the extension's teal tile, so the button
// reads as ours beside the host's own. Drawn by the shadow styles on one empty element (no SVG:
// the page pays for every new kind of element a script creates). Decorative, so hidden from
// assistive technology.
function makeMark(doc: Document): Element {
  const mark = doc.createElement('span');
  mark.setAttribute('aria-hidden', 'true');
  mark.setAttribute('data-mark', '');
  return mark;
}

function makeButton(doc: Document, label: string, action: ButtonAction): HTMLButtonElement {
  const button = doc.createElement('button');
  button.type = 'button';
  button.dataset.action = action;
  if (action === 'start') {
    button.append(makeMark(doc));
    button.title = START_HINT;
  }
  button.append(label);
  return button;
}

/**
 * Builds the button group in an open shadow root. Clicks report the action and whether Alt
 * (Option) was held; the caller reads the page context at that moment, not at mount time.
 */
export function createButtonUi(
  doc: Document,
  onAction: (action: ButtonAction, event: MouseEvent) => void,
): ButtonUi {
  const root = doc.createElement('span');
  root.setAttribute(ROOT_ATTRIBUTE, '');
  const shadow = root.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = buttonStyles;
  const group = doc.createElement('div');
  const start = makeButton(doc, START_LABEL, 'start');
  const label = start.lastChild as Text;
  // "Start another" one click away once the page's item has a conversation.
  const more = doc.createElement('button');
  more.type = 'button';
  more.textContent = '▾';
  more.dataset.menu = '';
  more.setAttribute('aria-label', 'More Handoff actions');
  more.setAttribute('aria-haspopup', 'menu');
  more.setAttribute('aria-expanded', 'false');
  more.hidden = true;
  const menu = doc.createElement('div');
  menu.setAttribute('role', 'menu');
  menu.hidden = true;
  const another = makeButton(doc, 'Start another', 'start-another');
  another.setAttribute('role', 'menuitem');
  menu.append(another);
  const wrap = doc.createElement('span');
  wrap.className = 'wrap';
  wrap.append(start, more, menu);
  group.append(wrap);
  shadow.append(style, group);
  let secondary: HTMLButtonElement | null = null;
  const showMenu = (open: boolean) => {
    menu.hidden = !open;
    more.setAttribute('aria-expanded', String(open));
    if (open) another.focus();
  };

  group.addEventListener('click', (event) => {
    const target = (event.target as Element).closest('button');
    if (target === more) {
      event.preventDefault();
      event.stopPropagation();
      showMenu(menu.hidden);
      return;
    }
    const action = target?.dataset.action as ButtonAction | undefined;
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    showMenu(false);
    onAction(action, event);
  });
  group.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || menu.hidden) return;
    showMenu(false);
    more.focus();
  });
  group.addEventListener('focusout', (event) => {
    if (!menu.hidden && !group.contains(event.relatedTarget as Node | null)) showMenu(false);
  });

  return {
    root,
    setSecondary(action) {
      if (secondary?.dataset.action === action) return;
      secondary?.remove();
      secondary = action ? makeButton(doc, secondaryLabels[action], action) : null;
      if (secondary) group.append(secondary);
    },
    setFloating(floating) {
      root.toggleAttribute('data-floating', floating);
    },
    setHint(text) {
      start.title = text;
    },
    setState(state) {
      start.dataset.action = state ? 'open' : 'start';
      label.data = state ? state.label : START_LABEL;
      start.title = state ? OPEN_HINT : START_HINT;
      if (state) start.dataset.state = state.state;
      else delete start.dataset.state;
      more.hidden = !state;
      if (!state) showMenu(false);
    },
  };
}
