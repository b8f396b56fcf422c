// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NowState } from '@/lib/timeline/now';
import { NowLine, type NowLineProps } from './NowLine';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const NOW = Date.parse('2026-11-28T12:00:00Z');

function working(minutesAgo: number): NowState {
  return {
    kind: 'working',
    tone: 'blue',
    headline: null,
    words: 'Thinking',
    code: null,
    codeIsPath: false,
    since: new Date(NOW - minutesAgo * 60_000).toISOString(),
    retryAt: null,
    problem: null,
    busy: true,
    offline: false,
  };
}

function line(props: Partial<NowLineProps> & { now: NowState }) {
  return render(
    <NowLine
      offset={0}
      pending={null}
      requestProblem={null}
      onDismissRequestProblem={() => {}}
      answering={null}
      answered={false}
      onConfirm={() => {}}
      onReject={() => {}}
      onReply={() => {}}
      onStep={{}}
      llmSettingsUrl={null}
      onBack={() => {}}
      {...props}
    />,
  );
}

describe('the now line of a working agent that has gone silent', () => {
  it('says "No progress" with the next steps once the person’s minutes have passed', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    line({ now: working(12), quietAfterMinutes: 10 });
    expect(screen.getByText('No progress for 12 min')).toBeTruthy();
    expect(screen.getByText(/send it a nudge/i)).toBeTruthy();
  });

  it('stays calm before then, and when the person turned the check off', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    line({ now: working(9), quietAfterMinutes: 10 });
    expect(screen.queryByText(/No progress/)).toBeNull();
    cleanup();
    line({ now: working(90), quietAfterMinutes: 0 });
    expect(screen.queryByText(/No progress/)).toBeNull();
    // The short "quiet for" word still shows what it always did.
    expect(document.querySelector('[data-quiet]')).not.toBeNull();
  });
});
