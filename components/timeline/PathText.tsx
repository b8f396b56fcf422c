import { splitPath } from '@/lib/timeline/paths';
import { printable } from '@/lib/timeline/text';
import { Highlighted } from './Highlighted';

/**
 * A file path on one line, cut in the middle: the folders shrink behind an ellipsis and the file
 * name stays whole (CSS does the cutting, so it follows the panel's width). The whole path is the
 * element's text for copying and for assistive technology, and its tooltip.
 */
export function PathText({ path, query }: { path: string; query?: string | null }) {
  const shown = printable(path);
  const { folder, name } = splitPath(shown);
  return (
    <code className="path" title={shown}>
      {folder ? (
        <span className="path-folder">
          <Highlighted text={folder} query={query ?? null} />
        </span>
      ) : null}
      <span className="path-name">
        <Highlighted text={name} query={query ?? null} />
      </span>
    </code>
  );
}
