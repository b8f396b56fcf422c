import { useState } from 'react';
import { Icon, type IconName } from '@/components/common/icons';
import { safeUrl } from '@/components/common/markdown-safety';
import { t } from '@/lib/i18n';
import type { RowView, TaskItem } from '@/lib/timeline/describe';
import type { TimelineRow } from '@/lib/timeline/pairing';
import { prettyJson } from '@/lib/timeline/text';
import { DiffView } from './DiffView';
import { OutputBlock } from './OutputBlock';

const taskIcons: Readonly<Record<string, IconName>> = {
  done: 'circleCheck',
  in_progress: 'circleDashed',
  todo: 'circle',
};

function TaskList({ tasks }: { tasks: TaskItem[] }) {
  if (!tasks.length) return <p className="muted small">{t('panel.detail.noTasks')}</p>;
  return (
    <ul className="task-list">
      {tasks.map((task, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
        <li key={index} data-task-status={task.status}>
          <Icon name={taskIcons[task.status] ?? 'circle'} />{' '}
          <span className="visually-hidden">{task.status} </span>
          {task.title}
          {task.notes ? <span className="muted small"> — {task.notes}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** Tool results are often JSON: shown pretty when they parse, as text otherwise. */
function maybePretty(text: string): string {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return text;
  try {
    return prettyJson(JSON.parse(trimmed));
  } catch {
    return text;
  }
}

function DetailBody({ view }: { view: RowView }) {
  const detail = view.detail;
  switch (detail.kind) {
    case 'none':
      return null;
    case 'command':
      return (
        <>
          <OutputBlock text={`$ ${detail.command}`} />
          <OutputBlock text={detail.output} empty={t('panel.detail.noOutput')} />
          {detail.exitCode !== null ? (
            <p className="small muted">{t('panel.detail.exitCode', { code: detail.exitCode })}</p>
          ) : null}
        </>
      );
    case 'file-change': {
      const comparable =
        detail.unifiedDiff !== null || (detail.oldContent !== null && detail.newContent !== null);
      return comparable ? (
        <DiffView
          path={detail.path}
          unifiedDiff={detail.unifiedDiff}
          oldContent={detail.oldContent}
          newContent={detail.newContent}
        />
      ) : (
        <OutputBlock text={detail.output} empty={t('panel.detail.noOutput')} />
      );
    }
    case 'text':
      return <OutputBlock text={detail.text} empty={t('panel.detail.noOutput')} />;
    case 'browse': {
      const href = detail.url ? safeUrl(detail.url) : '';
      return (
        <>
          {detail.url ? (
            <p className="small">
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer nofollow">
                  {detail.url}
                </a>
              ) : (
                <code>{detail.url}</code>
              )}
            </p>
          ) : null}
          {detail.failed ? (
            <p className="small outcome-failure">{t('panel.detail.browseFailed')}</p>
          ) : null}
          <OutputBlock text={detail.output} empty={t('panel.detail.noOutput')} />
        </>
      );
    }
    case 'mcp':
      return (
        <>
          {detail.args !== null && detail.args !== undefined ? (
            <OutputBlock text={prettyJson(detail.args)} />
          ) : null}
          {detail.failed ? (
            <p className="small outcome-failure">{t('panel.detail.toolFailed')}</p>
          ) : null}
          <OutputBlock text={maybePretty(detail.result)} empty={t('panel.detail.noToolOutput')} />
        </>
      );
    case 'tasks':
      return <TaskList tasks={detail.tasks} />;
    case 'recall':
      return (
        <dl className="small">
          {detail.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed order from one event.
            <div key={index}>
              <dt className="muted">{line.label}</dt>
              <dd>
                <OutputBlock text={line.value} limit={600} />
              </dd>
            </div>
          ))}
        </dl>
      );
  }
}

/** The expanded row: what the events say, and the events themselves on request. */
export function RowDetail({ row, view }: { row: TimelineRow; view: RowView }) {
  const [raw, setRaw] = useState(view.category === 'unknown');
  const events = row.answer
    ? [row.primary.event.raw, row.answer.event.raw]
    : [row.primary.event.raw];
  return (
    <div className="row-body">
      <DetailBody view={view} />
      <button
        type="button"
        className="link-button small"
        aria-expanded={raw}
        onClick={() => setRaw((open) => !open)}
      >
        {raw ? t('panel.detail.hideRaw') : t('panel.detail.showRaw')}
      </button>
      {raw ? (
        <OutputBlock text={prettyJson(events.length === 1 ? events[0] : events)} limit={4000} />
      ) : null}
    </div>
  );
}
