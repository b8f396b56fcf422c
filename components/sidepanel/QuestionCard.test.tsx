// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpenQuestion } from '@/lib/timeline/question';
import { QuestionCard, type QuestionCardProps } from './QuestionCard';

afterEach(cleanup);

const auth = {
  id: 'auth',
  question: 'Which sign-in should the login page use?',
  options: [
    { id: 'jwt', label: 'JWT bearer tokens', description: 'Stateless tokens.' },
    { id: 'session', label: 'Server sessions' },
    { id: 'oauth', label: 'OAuth with GitHub' },
  ],
  multi_select: false,
};

function asking(...questions: OpenQuestion['questions']): OpenQuestion {
  return { key: 'row-1', requestId: 'req-1', questions, since: null };
}

/** The card as the panel shows it; a person's clicks and keys count as trusted here. */
function renderCard(props: Partial<QuestionCardProps> & { question: OpenQuestion }) {
  const onAnswer = vi.fn();
  const view = render(
    <QuestionCard
      offline={false}
      sending={false}
      answered={false}
      onAnswer={onAnswer}
      trusted={() => true}
      {...props}
    />,
  );
  return { onAnswer, card: screen.getByRole('form', { name: 'The agent’s question' }), view };
}

describe('the agent’s question in the panel', () => {
  it('shows the question and its choices as text, never as markup', () => {
    const question = asking({
      ...auth,
      question: 'Use <img src=x onerror="alert(1)"> or <b>this</b>?',
      options: [
        { id: 'a', label: '<script>alert(2)</script>' },
        { id: 'b', label: 'B' },
      ],
    });
    const { card } = renderCard({ question });
    expect(card.querySelector('img, b, script')).toBeNull();
    expect(card.textContent).toContain('Use <img src=x onerror="alert(1)"> or <b>this</b>?');
    expect(screen.getByRole('radio', { name: '<script>alert(2)</script>' })).toBeTruthy();
  });

  it('sends the choice picked, with its label', async () => {
    const { onAnswer } = renderCard({ question: asking(auth) });
    await userEvent.click(screen.getByRole('radio', { name: /Server sessions/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(onAnswer).toHaveBeenCalledWith('accept', {
      auth: [{ option_id: 'session', label: 'Server sessions' }],
    });
  });

  it('asks for an answer first instead of sending an empty one', async () => {
    const { onAnswer } = renderCard({ question: asking(auth) });
    await userEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(onAnswer).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(
      'Choose or type an answer to every question, or decline.',
    );
  });

  it('takes an answer in words where there are no choices; Ctrl+Enter sends it', async () => {
    const { onAnswer } = renderCard({
      question: asking({ id: 'name', question: 'Call the command what?', options: [] }),
    });
    expect(screen.queryByRole('radio')).toBeNull();
    const box = screen.getByRole('textbox', { name: 'Your answer' });
    await userEvent.type(box, 'handoff deploy');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onAnswer).toHaveBeenCalledWith('accept', {
      name: [{ option_id: 'free-text', label: 'handoff deploy' }],
    });
  });

  it('declines, or leaves the choice to the agent, without a choice', async () => {
    const { onAnswer } = renderCard({ question: asking(auth) });
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onAnswer).toHaveBeenLastCalledWith('decline');
    await userEvent.click(screen.getByRole('button', { name: 'Let the agent decide' }));
    expect(onAnswer).toHaveBeenLastCalledWith('cancel');
  });

  it('sends every choice of a question that allows several, in its order', async () => {
    const { onAnswer } = renderCard({ question: asking({ ...auth, multi_select: true }) });
    expect(screen.getByText('Choose any that apply.')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: /OAuth/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /JWT/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(onAnswer).toHaveBeenCalledWith('accept', {
      auth: [
        { option_id: 'jwt', label: 'JWT bearer tokens' },
        { option_id: 'oauth', label: 'OAuth with GitHub' },
      ],
    });
  });

  it('answers from the keyboard: a digit picks, Enter on the choice sends', async () => {
    const { onAnswer } = renderCard({ question: asking(auth) });
    await userEvent.keyboard('3');
    const oauth = screen.getByRole('radio', { name: /OAuth/ }) as HTMLInputElement;
    expect(oauth.checked).toBe(true);
    expect(document.activeElement).toBe(oauth);
    await userEvent.keyboard('{Enter}');
    expect(onAnswer).toHaveBeenCalledWith('accept', {
      auth: [{ option_id: 'oauth', label: 'OAuth with GitHub' }],
    });
  });

  it('leaves digits alone while the person types elsewhere', async () => {
    renderCard({ question: asking(auth) });
    const elsewhere = document.createElement('textarea');
    document.body.append(elsewhere);
    elsewhere.focus();
    await userEvent.keyboard('2');
    expect(
      (screen.getByRole('radio', { name: /Server sessions/ }) as HTMLInputElement).checked,
    ).toBe(false);
    elsewhere.remove();
  });

  it('makes hundreds of choices usable: a filter, a scrolling list, keys into it', async () => {
    const options = Array.from({ length: 300 }, (_, n) => ({
      id: `r${n}`,
      label: `Region ${n}`,
      description: n % 2 ? 'europe' : 'america',
    }));
    const { onAnswer, card } = renderCard({
      question: asking({ id: 'region', question: 'Deploy where?', options }),
    });
    // At most 200 are listed until the person narrows them.
    expect(within(card).getAllByRole('radio')).toHaveLength(200);
    expect(card.textContent).toContain('Showing 200 of 300 choices.');
    const filter = screen.getByRole('searchbox', { name: 'Find among the 300 choices' });
    await userEvent.type(filter, 'region 13 europe');
    expect(
      within(card)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['r13', 'r113', 'r131', 'r133', 'r135', 'r137', 'r139', 'r213']);
    await userEvent.clear(filter);
    await userEvent.type(filter, 'region 299');
    // Enter in the filter picks the one match left and never sends.
    await userEvent.keyboard('{Enter}');
    expect(onAnswer).not.toHaveBeenCalled();
    expect((screen.getByRole('radio', { name: /Region 299/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    await userEvent.clear(filter);
    await userEvent.type(filter, 'asia');
    expect(card.textContent).toContain('No choice matches “asia”.');
    await userEvent.clear(filter);
    await userEvent.type(filter, 'europe{ArrowDown}');
    expect(document.activeElement?.getAttribute('value')).toBe('r1');
    await userEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    // The pick made before the filter changed is still the answer.
    expect(onAnswer).toHaveBeenCalledWith('accept', {
      region: [{ option_id: 'r299', label: 'Region 299' }],
    });
  });

  it('numbers several questions and needs each one answered', async () => {
    const { onAnswer } = renderCard({
      question: asking(auth, { id: 'name', question: 'Call it what?', options: [] }),
    });
    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /JWT/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(onAnswer).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Login');
    await userEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(onAnswer).toHaveBeenCalledWith('accept', {
      auth: [{ option_id: 'jwt', label: 'JWT bearer tokens' }],
      name: [{ option_id: 'free-text', label: 'Login' }],
    });
  });

  it('is answered only by the person: a script’s click or key sends nothing', async () => {
    const onAnswer = vi.fn();
    // The browser's own judgement of each event: synthetic ones are not trusted.
    render(
      <QuestionCard
        question={asking(auth)}
        offline={false}
        sending={false}
        answered={false}
        onAnswer={onAnswer}
      />,
    );
    fireEvent.click(screen.getByRole('radio', { name: /JWT/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    fireEvent.submit(screen.getByRole('form'));
    fireEvent.keyDown(screen.getByRole('radio', { name: /JWT/ }), { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('cannot answer twice: everything is off while the answer is on its way and after', () => {
    const question = asking(auth);
    const { onAnswer, view } = renderCard({ question, sending: true });
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Decline' })).toHaveProperty('disabled', true);
    view.rerender(
      <QuestionCard
        question={question}
        offline={false}
        sending={false}
        answered
        onAnswer={onAnswer}
        trusted={() => true}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Answer sent; the agent goes on.');
    expect(screen.getByRole('button', { name: 'Send answer' })).toHaveProperty('disabled', true);
    // The choices sit in a disabled fieldset.
    expect(screen.getByRole('radio', { name: /JWT/ }).closest('fieldset')).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('keeps its controls off while the server cannot be reached, and says so', () => {
    renderCard({ question: asking(auth), offline: true });
    expect(screen.getByRole('button', { name: 'Send answer' })).toHaveProperty('disabled', true);
    expect(
      screen.getByText('Controls that need the server are off until it is back.'),
    ).toBeTruthy();
  });
});
