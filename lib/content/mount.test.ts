// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { AnchorSpec, PageContextData } from '@/lib/hosts/types';
import { createButtonUi, ROOT_ATTRIBUTE } from './button-ui';
import { ButtonMount } from './mount';

const anchors: AnchorSpec[] = [
  {
    id: 'new',
    kinds: ['issue'],
    selector: '[data-component="PH_Actions"]',
    position: 'prepend',
    layout: 'react',
  },
  {
    id: 'old',
    kinds: ['issue'],
    selector: '.gh-header-actions',
    position: 'prepend',
    layout: 'classic',
  },
];

const issue: PageContextData = {
  provider: 'github',
  host: 'github.com',
  baseUrl: 'https://github.com',
  repository: 'octo/widgets',
  kind: 'issue',
  selfHosted: false,
  number: 7,
};

function setup(detected: () => PageContextData | null = () => issue) {
  const ui = createButtonUi(document, () => {});
  const mount = new ButtonMount({
    document,
    detect: detected,
    identify: detected,
    anchorsFor: () => anchors,
    secondaryFor: () => null,
    ui: () => ui,
  });
  return { ui, mount };
}

const roots = () => document.querySelectorAll(`[${ROOT_ATTRIBUTE}]`);

describe('ButtonMount', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('mounts one button at the preferred anchor', () => {
    document.body.innerHTML =
      '<div class="gh-header-actions"></div><div data-component="PH_Actions"><button>Edit</button></div>';
    const { ui, mount } = setup();
    mount.reconcile('https://github.com/octo/widgets/issues/7');
    expect(roots()).toHaveLength(1);
    expect(ui.root.parentElement?.getAttribute('data-component')).toBe('PH_Actions');
    expect(ui.root.shadowRoot?.querySelector('button')?.textContent).toBe('Start conversation');
  });

  it('keeps a single button through repeated reconciles and header re-renders', () => {
    document.body.innerHTML = '<header><div data-component="PH_Actions"></div></header>';
    const { mount } = setup();
    const url = 'https://github.com/octo/widgets/issues/7';
    mount.reconcile(url);
    mount.reconcile(url);
    // The host replaces its header subtree in place.
    const header = document.querySelector('header') as HTMLElement;
    header.innerHTML = '<div data-component="PH_Actions"><button>New</button></div>';
    expect(roots()).toHaveLength(0);
    mount.reconcile(url);
    expect(roots()).toHaveLength(1);
    expect(
      document.querySelector('[data-component="PH_Actions"]')?.contains(roots()[0] as Node),
    ).toBe(true);
  });

  it('moves to a preferred anchor that renders after a fallback one', () => {
    document.body.innerHTML = '<div class="gh-header-actions"></div>';
    const { ui, mount } = setup();
    const url = 'https://github.com/octo/widgets/issues/7';
    mount.reconcile(url);
    expect(ui.root.parentElement?.className).toBe('gh-header-actions');
    document.body.insertAdjacentHTML('beforeend', '<div data-component="PH_Actions"></div>');
    mount.reconcile(url);
    expect(roots()).toHaveLength(1);
    expect(ui.root.parentElement?.getAttribute('data-component')).toBe('PH_Actions');
  });

  it('waits for a late header, then floats only after the grace period', () => {
    const { ui, mount } = setup();
    const url = 'https://github.com/octo/widgets/issues/7';
    mount.reconcile(url);
    expect(roots()).toHaveLength(0);
    mount.allowFloating();
    expect(roots()).toHaveLength(1);
    expect(ui.root.hasAttribute('data-floating')).toBe(true);
    // The header arrives after all: the floating button becomes an anchored one.
    document.body.insertAdjacentHTML('afterbegin', '<div data-component="PH_Actions"></div>');
    mount.reconcile(url);
    expect(roots()).toHaveLength(1);
    expect(ui.root.hasAttribute('data-floating')).toBe(false);
  });

  it('removes the button on a page it does not serve and removes strays from older copies', () => {
    document.body.innerHTML = `<div data-component="PH_Actions"><span ${ROOT_ATTRIBUTE}></span></div>`;
    let page: PageContextData | null = issue;
    const { mount } = setup(() => page);
    mount.reconcile('https://github.com/octo/widgets/issues/7');
    expect(roots()).toHaveLength(1);
    page = null;
    mount.reconcile('https://github.com/settings/profile');
    expect(roots()).toHaveLength(0);
  });
});

describe('the button’s state', () => {
  it('keeps its name exactly “Start conversation” without one, and offers Start another with one', () => {
    const actions: string[] = [];
    const ui = createButtonUi(document, (action) => actions.push(action));
    const shadow = ui.root.shadowRoot as ShadowRoot;
    const main = shadow.querySelector('button') as HTMLButtonElement;
    const menuButton = () => shadow.querySelector<HTMLButtonElement>('[data-menu]');
    expect(main.textContent).toBe('Start conversation');
    expect(menuButton()).toBeNull();

    ui.setState({ label: 'Needs you', state: 'needs-you' });
    expect(main.textContent).toBe('Needs you');
    const more = menuButton() as HTMLButtonElement;
    expect(more.hidden).toBe(false);
    main.click();
    more.click();
    expect(more.getAttribute('aria-expanded')).toBe('true');
    (shadow.querySelector('[role=menuitem]') as HTMLButtonElement).click();
    expect(actions).toEqual(['open', 'start-another']);
    expect(more.getAttribute('aria-expanded')).toBe('false');

    ui.setState(null);
    expect(main.textContent).toBe('Start conversation');
    expect(more.hidden).toBe(true);
    ui.setState({ label: 'Agent working · 3 min', state: 'working' });
    expect(shadow.querySelectorAll('[data-menu]')).toHaveLength(1);
    expect(more.hidden).toBe(false);
  });

  it('places the button and names the item without reading the page’s title; a click reads it', () => {
    document.body.innerHTML = '<div data-component="PH_Actions"></div>';
    const titled = { ...issue, title: 'Parser crashes on null' };
    const reads = { whole: 0, name: 0 };
    const ui = createButtonUi(document, () => {});
    const mount = new ButtonMount({
      document,
      detect: () => {
        reads.whole++;
        return titled;
      },
      identify: () => {
        reads.name++;
        return issue;
      },
      anchorsFor: () => anchors,
      secondaryFor: () => null,
      ui: () => ui,
    });
    mount.reconcile(location.href);
    expect(ui.root.isConnected).toBe(true);
    expect(mount.addressContext()).toEqual(issue);
    expect(reads).toEqual({ whole: 0, name: 1 });
    expect(mount.currentContext()).toEqual(titled);
    expect(reads).toEqual({ whole: 1, name: 1 });
  });

  it('builds no button on a page it does not serve, and one when the page becomes one', () => {
    document.body.innerHTML = '<div data-component="PH_Actions"></div>';
    let served: PageContextData | null = null;
    let builds = 0;
    const mount = new ButtonMount({
      document,
      detect: () => served,
      identify: () => served,
      anchorsFor: () => anchors,
      secondaryFor: () => null,
      ui: () => {
        builds++;
        return createButtonUi(document, () => {});
      },
    });
    mount.reconcile('https://github.com/notifications');
    mount.reconcile('https://github.com/notifications');
    expect(builds).toBe(0);
    expect(document.querySelector(`[${ROOT_ATTRIBUTE}]`)).toBeNull();
    served = issue;
    mount.reconcile('https://github.com/octo/widgets/issues/7');
    expect(builds).toBe(1);
    expect(document.querySelectorAll(`[${ROOT_ATTRIBUTE}]`)).toHaveLength(1);
  });

  it('names the item from the read its address already had, and reads a new address afresh', () => {
    let reads = 0;
    const { mount } = setup(() => {
      reads++;
      return issue;
    });
    mount.reconcile(location.href);
    expect(mount.addressContext()).toEqual(issue);
    expect(reads).toBe(1);
    history.pushState({}, '', '/octo/widgets/issues/8');
    mount.addressContext();
    expect(reads).toBe(2);
  });
});
