// The SVG icons the panels use, from lucide-react, one module per icon so the bundle holds only
// these. Icons are pictures next to words: always hidden from assistive technology (the button
// or row they sit in carries the name), never focusable, sized with the text around them.
import type { LucideProps } from 'lucide-react';
import ArrowDown from 'lucide-react/icons/arrow-down';
import Ban from 'lucide-react/icons/ban';
import BookOpen from 'lucide-react/icons/book-open';
import Bot from 'lucide-react/icons/bot';
import Box from 'lucide-react/icons/box';
import Check from 'lucide-react/icons/check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Circle from 'lucide-react/icons/circle';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleDashed from 'lucide-react/icons/circle-dashed';
import CircleDot from 'lucide-react/icons/circle-dot';
import CircleHelp from 'lucide-react/icons/circle-help';
import CirclePause from 'lucide-react/icons/circle-pause';
import CloudOff from 'lucide-react/icons/cloud-off';
import Download from 'lucide-react/icons/download';
import Ellipsis from 'lucide-react/icons/ellipsis';
import ExternalLink from 'lucide-react/icons/external-link';
import FilePen from 'lucide-react/icons/file-pen';
import FileText from 'lucide-react/icons/file-text';
import Flag from 'lucide-react/icons/flag';
import FlaskConical from 'lucide-react/icons/flask-conical';
import FoldVertical from 'lucide-react/icons/fold-vertical';
import Forward from 'lucide-react/icons/forward';
import GitPullRequest from 'lucide-react/icons/git-pull-request';
import Globe from 'lucide-react/icons/globe';
import Info from 'lucide-react/icons/info';
import Lightbulb from 'lucide-react/icons/lightbulb';
import ListTodo from 'lucide-react/icons/list-todo';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import MessageSquareReply from 'lucide-react/icons/message-square-reply';
import Pause from 'lucide-react/icons/pause';
import Pencil from 'lucide-react/icons/pencil';
import Play from 'lucide-react/icons/play';
import Plug from 'lucide-react/icons/plug';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Search from 'lucide-react/icons/search';
import Settings2 from 'lucide-react/icons/settings-2';
import Square from 'lucide-react/icons/square';
import Terminal from 'lucide-react/icons/terminal';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import User from 'lucide-react/icons/user';
import Wrench from 'lucide-react/icons/wrench';
import X from 'lucide-react/icons/x';
import type { ComponentType } from 'react';

export const icons = {
  arrowDown: ArrowDown,
  ban: Ban,
  bookOpen: BookOpen,
  bot: Bot,
  box: Box,
  check: Check,
  chevronDown: ChevronDown,
  circle: Circle,
  circleAlert: CircleAlert,
  circleCheck: CircleCheck,
  circleDashed: CircleDashed,
  circleDot: CircleDot,
  circleHelp: CircleHelp,
  circlePause: CirclePause,
  cloudOff: CloudOff,
  download: Download,
  ellipsis: Ellipsis,
  externalLink: ExternalLink,
  filePen: FilePen,
  fileText: FileText,
  flag: Flag,
  flask: FlaskConical,
  fold: FoldVertical,
  forward: Forward,
  pullRequest: GitPullRequest,
  globe: Globe,
  info: Info,
  lightbulb: Lightbulb,
  listTodo: ListTodo,
  loader: LoaderCircle,
  reply: MessageSquareReply,
  pause: Pause,
  pencil: Pencil,
  play: Play,
  plug: Plug,
  refresh: RefreshCw,
  search: Search,
  settings: Settings2,
  square: Square,
  terminal: Terminal,
  alert: TriangleAlert,
  user: User,
  wrench: Wrench,
  x: X,
} satisfies Record<string, ComponentType<LucideProps>>;

export type IconName = keyof typeof icons;

/** One icon, decorative. `spin` turns it while something is under way (loader). */
export function Icon({
  name,
  size = 14,
  spin = false,
  className,
}: {
  name: IconName;
  size?: number;
  spin?: boolean;
  className?: string;
}) {
  const Svg = icons[name];
  return (
    <Svg
      size={size}
      aria-hidden="true"
      focusable="false"
      className={['icon', spin ? 'icon-spin' : '', className ?? ''].filter(Boolean).join(' ')}
    />
  );
}
