import { buttonStyles } from './button-styles';

/** Marks the element that owns our shadow root, so a page never gets a second one. */
export const ROOT_ATTRIBUTE = 'data-handoff-root';

export type ButtonAction = 'start' | 'microagents' | 'view-microagent';

export interface ButtonUi {
  root: HTMLElement;
  /** Shows the secondary action that fits the page, or none. */
  setSecondary(action: 'microagents' | 'view-microagent' | null): void;
  setFloating(floating: boolean): void;
  /** Replaces a button's tooltip, e.g. to say the extension was updated. */
  setHint(text: string): void;
}

const secondaryLabels = {
  microagents: 'Microagents',
  'view-microagent': 'View as microagent',
} as const;

// A small "hand over" arrow; decorative, so hidden from assistive technology.
const iconPath =
  'M2 8a.75.75 0 0 1 .75-.75h8.69L8.22 4.03a.75.75 0 0 1 1.06-1.06l4.5 4.5a.75.75 0 0 1 0 1.06l-4.5 4.5a.75.75 0 1 1-1.06-1.06l3.22-3.22H2.75A.75.75 0 0 1 2 8Z';

function makeButton(doc: Document, label: string, action: ButtonAction): HTMLButtonElement {
  const button = doc.createElement('button');
  button.type = 'button';
  button.dataset.action = action;
  if (action === 'start') {
    const svg = doc.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 16 16');
    svg.setAttribute('aria-hidden', 'true');
    const path = doc.createElementNS('http://www.w3.org/2000/svg', 'path');
    path.setAttribute('d', iconPath);
    svg.append(path);
    button.append(svg);
    button.title = 'Hand this to an agent (Alt-click: start at once)';
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
  const start = makeButton(doc, 'Start conversation', 'start');
  group.append(start);
  shadow.append(style, group);
  let secondary: HTMLButtonElement | null = null;

  group.addEventListener('click', (event) => {
    const target = (event.target as Element).closest('button');
    const action = target?.dataset.action as ButtonAction | undefined;
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    onAction(action, event);
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
  };
}
