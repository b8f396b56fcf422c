import { browser } from 'wxt/browser';
import { Icon } from '@/components/common/icons';
import type { HandBackTask } from '@/lib/codehosts/hand-back';
import { type PullFacts, pullName, pullParts } from '@/lib/codehosts/pull-facts';
import { t } from '@/lib/i18n';
import { pullProblemWords } from './model/pull-problem';

/** The tasks a pull request's facts call for, in the order the hand-back offers them. */
export function tasksOf(facts: PullFacts): HandBackTask[] {
  if (facts.state !== 'open') return [];
  const tasks: HandBackTask[] = [];
  if (facts.checks === 'failing') tasks.push('checks');
  if (facts.review === 'changes-requested' || (facts.unresolvedThreads ?? 0) > 0)
    tasks.push('review');
  if (facts.conflicts) tasks.push('conflicts');
  return tasks;
}

const openOptions = () => void browser.runtime.openOptionsPage();

/**
 * Where each pull request the agent opened stands on its code host, as the worker last read it:
 * its checks, review and conflicts in a line, what failed, why it could not be read (with the
 * next step), and a button per task that hands it back to the agent.
 */
export function PullRequestCard({
  pulls,
  onHandBack,
}: {
  pulls: readonly PullFacts[];
  onHandBack: (facts: PullFacts, task: HandBackTask) => void;
}) {
  if (!pulls.length) return null;
  return (
    <section className="pull-card" aria-label={t('panel.pull.label')} data-pull-card>
      {pulls.map((facts) => {
        const parts = pullParts(facts);
        const tasks = tasksOf(facts);
        const problem = facts.problem ? pullProblemWords(facts.problem, facts.link) : null;
        const names =
          facts.failing > facts.failingNames.length
            ? t('panel.pull.failingMore', {
                names: facts.failingNames.join(', '),
                count: facts.failing - facts.failingNames.length,
              })
            : facts.failingNames.join(', ');
        return (
          <div
            key={facts.link}
            className={facts.need ? 'pull-row pull-needs' : 'pull-row'}
            data-pull={facts.number}
            data-need={facts.need ?? undefined}
          >
            <div className="pull-line">
              <Icon name="pullRequest" />
              <a href={facts.link} target="_blank" rel="noopener noreferrer">
                {pullName(facts)}
              </a>
              {parts.length ? <span className="pull-parts">{parts.join(' · ')}</span> : null}
            </div>
            {facts.checks === 'failing' && names ? (
              <p className="small muted pull-failing">{t('panel.pull.failingNames', { names })}</p>
            ) : null}
            {problem ? (
              <p className="small pull-problem" role="status">
                {problem.text}{' '}
                {problem.inOptions ? (
                  <button type="button" className="link-button" onClick={openOptions}>
                    {t('panel.pull.openOptions')}
                  </button>
                ) : null}
              </p>
            ) : null}
            {tasks.length ? (
              <div className="pull-tasks">
                {tasks.map((task) => (
                  <button
                    key={task}
                    type="button"
                    className={task === tasks[0] ? 'btn btn-small btn-primary' : 'btn btn-small'}
                    onClick={() => onHandBack(facts, task)}
                  >
                    {t(`panel.pull.task.${task}`)}
                  </button>
                ))}
              </div>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
