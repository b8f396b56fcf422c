/** Marks the element that owns our shadow root, so a page never gets a second one. */
export const ROOT_ATTRIBUTE = 'data-handoff-root';

export type ButtonAction =
  | 'start'
  | 'open'
  | 'start-another'
  | 'pull-task'
  | 'microagents'
  | 'view-microagent';

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
  /** A pull or merge request page: the menu offers handing its checks, review or conflicts over. */
  setTasks(shown: boolean): void;
}

/** The menu's tasks on a pull request page (`data-task`: lib/codehosts/hand-back.ts). */
const TASKS = [
  ['checks', 'Fix the failing checks'],
  ['review', 'Address the review'],
  ['conflicts', 'Resolve the conflicts'],
] as const;

const START_LABEL = 'Start conversation';
const START_HINT = 'Hand this to an agent (Alt-click: start at once)';
const OPEN_HINT = 'Open this conversation in Handoff';

const secondaryLabels = {
  microagents: 'Microagents',
  'view-microagent': 'View as microagent',
} as const;

// The button's elements are styled from the page's side, by the stylesheet the browser injects
// with the content script (button.css), through these part names: a stylesheet in the shadow root
// would be parsed by script on every page load. The part names are the button's styling contract.
const BUTTON_PART = 'hf-button';

// Handoff's mark, as on the toolbar: a white arrow on the extension's teal tile, so the button
// reads as ours beside the host's own. One empty element on which button.css draws an arrow
// glyph (no SVG: the page pays for every new kind of element a script creates). Decorative, so
// hidden from assistive technology, and the glyph, being generated content, is no part of the
// button's text.
function makeMark(doc: Document): Element {
  const mark = doc.createElement('span');
  mark.setAttribute('aria-hidden', 'true');
  mark.setAttribute('data-mark', '');
  mark.setAttribute('part', 'hf-mark');
  return mark;
}

// Attributes rather than `dataset`: the page pays for every kind of DOM object a script first
// uses in its world, and the button needs no more than elements and their attributes.
function makeButton(doc: Document, label: string, action: ButtonAction): HTMLButtonElement {
  const button = doc.createElement('button');
  button.type = 'button';
  button.setAttribute('part', BUTTON_PART);
  button.setAttribute('data-action', action);
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
  const group = doc.createElement('div');
  group.setAttribute('part', 'hf-group');
  const start = makeButton(doc, START_LABEL, 'start');
  const label = start.lastChild as Text;
  const wrap = doc.createElement('span');
  wrap.setAttribute('part', 'hf-wrap');
  wrap.append(start);
  group.append(wrap);
  shadow.append(group);
  let secondary: HTMLButtonElement | null = null;
  // `hidden` alone would not hide it: button.css gives every button part a display of its own.
  const showMore = (more: HTMLButtonElement, shown: boolean) => {
    more.hidden = !shown;
    more.setAttribute('part', shown ? `${BUTTON_PART} hf-more` : `${BUTTON_PART} hf-more hf-off`);
  };
  // "Start another" one click away once the page's item has a conversation: built when the first
  // such state arrives, as most pages never show it.
  let menuParts: { more: HTMLButtonElement; menu: HTMLElement; another: HTMLElement } | null = null;
  let hasState = false;
  let tasks: HTMLElement[] | null = null;
  const menuOf = () => {
    if (menuParts) return menuParts;
    const more = doc.createElement('button');
    more.type = 'button';
    more.textContent = '▾';
    more.setAttribute('data-menu', '');
    more.setAttribute('aria-label', 'More Handoff actions');
    more.setAttribute('aria-haspopup', 'menu');
    more.setAttribute('aria-expanded', 'false');
    const menu = doc.createElement('div');
    menu.setAttribute('role', 'menu');
    menu.hidden = true;
    menu.setAttribute('part', 'hf-menu');
    const another = makeButton(doc, 'Start another', 'start-another');
    another.setAttribute('role', 'menuitem');
    menu.append(another);
    showMore(more, true);
    wrap.append(more, menu);
    menuParts = { more, menu, another };
    return menuParts;
  };
  const showMenu = (open: boolean) => {
    if (!menuParts) return;
    const { more, menu, another } = menuParts;
    menu.hidden = !open;
    menu.setAttribute('part', open ? 'hf-menu hf-open' : 'hf-menu');
    more.setAttribute('aria-expanded', String(open));
    if (open) ((hasState ? another : tasks?.[0]) ?? another).focus();
  };
  /** The menu's items: "Start another" with a conversation, the tasks on a pull request page. */
  const fitMenu = () => {
    const wanted = hasState || !!tasks;
    if (!wanted && !menuParts) return;
    const { more, another } = menuOf();
    another.hidden = !hasState;
    another.setAttribute('part', hasState ? BUTTON_PART : `${BUTTON_PART} hf-off`);
    showMore(more, wanted);
    if (!wanted) showMenu(false);
  };

  group.addEventListener('click', (event) => {
    const target = (event.target as Element).closest('button');
    if (menuParts && target === menuParts.more) {
      event.preventDefault();
      event.stopPropagation();
      showMenu(menuParts.menu.hidden);
      return;
    }
    const action = target?.getAttribute('data-action') as ButtonAction | null;
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    showMenu(false);
    onAction(action, event);
  });
  group.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !menuParts || menuParts.menu.hidden) return;
    showMenu(false);
    menuParts.more.focus();
  });
  group.addEventListener('focusout', (event) => {
    if (!menuParts || menuParts.menu.hidden) return;
    if (!group.contains(event.relatedTarget as Node | null)) showMenu(false);
  });

  return {
    root,
    setSecondary(action) {
      if (secondary && secondary.getAttribute('data-action') === action) return;
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
      start.setAttribute('data-action', state ? 'open' : 'start');
      label.data = state ? state.label : START_LABEL;
      start.title = state ? OPEN_HINT : START_HINT;
      if (state) start.setAttribute('data-state', state.state);
      else start.removeAttribute('data-state');
      start.setAttribute(
        'part',
        state?.state === 'needs-you' ? `${BUTTON_PART} hf-needs-you` : BUTTON_PART,
      );
      hasState = !!state;
      fitMenu();
    },
    setTasks(shown) {
      if (shown === !!tasks) return;
      if (shown) {
        const { menu } = menuOf();
        tasks = TASKS.map(([task, words]) => {
          const item = makeButton(doc, words, 'pull-task');
          item.setAttribute('role', 'menuitem');
          item.setAttribute('data-task', task);
          menu.append(item);
          return item;
        });
      } else {
        for (const item of tasks ?? []) item.remove();
        tasks = null;
      }
      fitMenu();
    },
  };
}
