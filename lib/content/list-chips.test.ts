// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { githubLists } from '@/lib/hosts/github/lists';
import { detectGitHubUrl } from '@/lib/hosts/github/url';
import type { ContentRequest, ListStatesPush, PageState } from '@/lib/messaging/content-messages';
import { CHIP_ATTRIBUTE, startListChips } from './list-chips';

// The list code on its own: what it asks the worker, what it draws, and what it leaves alone.

type Listener = (message: unknown, sender: { id?: string }) => boolean;

const known: Record<number, PageState> = {
  3: { key: 'github:octo/widgets::3', label: 'Agent working', state: 'working', count: 1 },
  7: { key: 'github:octo/widgets::7', label: 'Needs you', state: 'needs-you', count: 1 },
};

let asked: ContentRequest[] = [];
let listeners: Listener[] = [];
let stop: (() => void) | undefined;

let answering = true;
// One runtime for the whole file: the list code keeps the first it finds (./runtime.ts), and
// WXT's test setup puts a fake `browser` of its own first in line.
const runtime = {
  id: 'handoff',
  sendMessage: vi.fn(async (message: ContentRequest) => {
    asked.push(message);
    if (!answering) throw new Error('no worker');
    if (message.type !== 'handoff/list-states') return { ok: true };
    const states = message.items
      .map((item) => known[item.number as number])
      .filter((state): state is PageState => !!state);
    return { ok: true, states };
  }),
  onMessage: { addListener: (listener: Listener) => listeners.push(listener) },
};
(globalThis as Record<string, unknown>).browser = { runtime };

function fakeRuntime(answer = true) {
  answering = answer;
}

function rows(numbers: number[]): string {
  return numbers
    .map(
      (n) =>
        `<li><a data-testid="issue-pr-title-link" href="/octo/widgets/issues/${n}">Issue &lt;b&gt;${n}&lt;/b&gt;</a> <a href="/octo/widgets/issues/${n}#comments">2</a></li>`,
    )
    .join('');
}

const chipTexts = () =>
  Object.fromEntries(
    [...document.querySelectorAll(`[${CHIP_ATTRIBUTE}]`)].map((chip) => [
      (chip.previousElementSibling as HTMLAnchorElement).getAttribute('href'),
      chip.textContent,
    ]),
  );

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start() {
  const started = startListChips({
    provider: 'github',
    lists: githubLists,
    detect: (address) => detectGitHubUrl(address, { provider: 'github' }),
    location: {
      host: 'github.com',
      hostname: 'github.com',
      pathname: '/octo/widgets/issues',
      search: '',
    },
  });
  stop = started?.stop;
  return started;
}

describe('chips on a list', () => {
  beforeEach(() => {
    asked = [];
    listeners = [];
    // Row links resolve against the list's own address.
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
      'https://github.com/octo/widgets/issues',
    );
    document.body.innerHTML = `<ul id="list">${rows([1, 3, 7, 9])}</ul>`;
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
  });

  it('asks once about the rows and draws chips on exactly those with a conversation', async () => {
    fakeRuntime();
    start();
    await settle();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ type: 'handoff/list-states' });
    // Only what names each item leaves the page: no title.
    const items = (asked[0] as Extract<ContentRequest, { type: 'handoff/list-states' }>).items;
    expect(items.map((item) => item.number)).toEqual([1, 3, 7, 9]);
    expect(items.every((item) => !('title' in item) || item.title === undefined)).toBe(true);
    expect(chipTexts()).toEqual({
      '/octo/widgets/issues/3': 'Agent working',
      '/octo/widgets/issues/7': 'Needs you',
    });
    // Titles with markup stay text; the chip is text too.
    expect(document.querySelector('b')).toBeNull();
  });

  it('asks about new rows only, and follows a pushed change', async () => {
    fakeRuntime();
    start();
    await settle();
    document.getElementById('list')?.insertAdjacentHTML('beforeend', rows([3, 12]));
    await settle();
    await settle();
    expect(asked).toHaveLength(2);
    const second = (asked[1] as Extract<ContentRequest, { type: 'handoff/list-states' }>).items;
    expect(second.map((item) => item.number)).toEqual([12]);
    // The same item twice in the list: a chip after each of its title links.
    expect(document.querySelectorAll(`[${CHIP_ATTRIBUTE}="github:octo/widgets::3"]`)).toHaveLength(
      2,
    );

    const push: ListStatesPush = {
      type: 'handoff/list-states-changed',
      changes: [
        { key: 'github:octo/widgets::7', state: null },
        {
          key: 'github:octo/widgets::9',
          state: { ...(known[3] as PageState), key: 'github:octo/widgets::9', label: 'Done' },
        },
      ],
    };
    for (const listener of listeners) listener(push, { id: 'handoff' });
    expect(chipTexts()).toEqual({
      '/octo/widgets/issues/3': 'Agent working',
      '/octo/widgets/issues/9': 'Done',
    });
    // A message from anyone else is not listened to.
    for (const listener of listeners) listener({ ...push, changes: [] }, { id: 'someone' });
    expect(Object.keys(chipTexts())).toHaveLength(2);
  });

  it('shows nothing and breaks nothing when the worker cannot be reached', async () => {
    fakeRuntime(false);
    start();
    await settle();
    expect(document.querySelectorAll(`[${CHIP_ATTRIBUTE}]`)).toHaveLength(0);
    expect(document.querySelectorAll('a')).toHaveLength(8);
  });

  it('asks about a long list in parts the worker accepts', async () => {
    fakeRuntime();
    document.body.innerHTML = `<ul id="list">${rows(Array.from({ length: 620 }, (_, i) => i + 1))}</ul>`;
    start();
    await settle();
    const sizes = asked.map(
      (message) =>
        (message as Extract<ContentRequest, { type: 'handoff/list-states' }>).items.length,
    );
    expect(sizes).toEqual([500, 120]);
  });

  it('starts once per page', () => {
    fakeRuntime();
    expect(start()).not.toBeNull();
    expect(
      startListChips({ provider: 'github', lists: githubLists, detect: () => null }),
    ).toBeNull();
  });
});
