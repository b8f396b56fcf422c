#!/usr/bin/env node
// Checks that every documentation reference resolves inside the repository.
//
// 1. Every `docs/….md` or `docs/….md#anchor` named anywhere in the scanned files must exist, and
//    its anchor must be a heading (GitHub-style slug) or an explicit `id`/`name` in that file.
// 2. Relative links in Markdown files (`[text](../x.md#anchor)`, `[text](#anchor)`) must resolve
//    the same way.
// 3. Outside `docs/`, no citation of the old external documents may remain: no `§` section
//    numbers, no `service-api.md`, `server-generations.md`, `ui-notes.md`,
//    `extension-practices.md` or `toolchain.md` (other than as a `docs/…` path) and no
//    `../shared/reference`. Fixtures read at run time from `../shared/fixtures` are fine.
//
// Plain Node, no dependencies. Exit code 0 when clean, 1 with one line per problem otherwise.
// Usage: node scripts/check-doc-links.mjs [--root <dir>]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCANNED = [
  'lib',
  'components',
  'entrypoints',
  'tests',
  'scripts',
  'bench',
  'wxt.config.ts',
  'package.json',
  'README.md',
  'docs',
];
const SELF = join('scripts', 'check-doc-links.mjs');
const SKIPPED_DIRS = new Set(['node_modules', '.output', '.wxt', '.git', 'test-results']);
const TEXT_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.mts',
  '.cts',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
  '.json',
  '.md',
  '.html',
  '.css',
  '.txt',
  '.tsv',
  '.yml',
  '.yaml',
  '.sh',
]);

/**
 * A `docs/…` path to a Markdown file, with an optional anchor, not part of a longer path. A path
 * through a hidden folder (`docs/.openhands/…`) is test data about some other repository.
 */
const DOCS_REFERENCE = /(?<![\w./@-])docs\/(?!\.)[\w./-]*?\.md(?:#[\w-]+)?/g;
/** A Markdown inline link or image target. */
const MARKDOWN_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
/** Old citations that must not survive outside docs/. */
const FORBIDDEN = [
  { pattern: /§\s?\d+(?:\.\d+)*(?:[–-]§?\d+(?:\.\d+)*)?/g, what: 'a § section citation' },
  {
    pattern:
      /(?<![\w./-])(?:(?:\.\.\/)*shared\/reference\/|reference\/)?(?:service-api|server-generations|ui-notes|extension-practices|toolchain)\.md/g,
    what: 'a citation of an external reference document',
  },
  {
    pattern:
      /\.\.\/shared\/reference(?!\/(?:service-api|server-generations|ui-notes|extension-practices|toolchain)\.md)/g,
    what: 'a path into ../shared/reference',
  },
  {
    pattern: /(?<![\w./-])(?:service-api|ui-notes|extension-practices)(?![\w.-])/g,
    what: 'a citation of an external reference document',
  },
];

function parseArgs(argv) {
  const at = argv.indexOf('--root');
  if (at >= 0 && argv[at + 1]) return resolve(argv[at + 1]);
  return resolve(dirname(fileURLToPath(import.meta.url)), '..');
}

function listFiles(root, entry) {
  const path = join(root, entry);
  if (!existsSync(path)) return [];
  const stats = statSync(path);
  if (stats.isFile()) return TEXT_EXTENSIONS.has(extname(path)) ? [path] : [];
  const files = [];
  for (const child of readdirSync(path, { withFileTypes: true })) {
    if (child.isDirectory()) {
      if (!SKIPPED_DIRS.has(child.name)) files.push(...listFiles(path, child.name));
    } else if (child.isFile() && TEXT_EXTENSIONS.has(extname(child.name))) {
      files.push(join(path, child.name));
    }
  }
  return files;
}

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens. */
export function slugify(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown file offers: heading slugs (with -1, -2 … for repeats) and ids. */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fence = null;
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      if (!fence) fence = fenceMatch[1][0];
      else if (fenceMatch[1][0] === fence) fence = null;
      continue;
    }
    if (fence) continue;
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slugify(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const id of line.matchAll(/<[a-z]+[^>]*\s(?:id|name)=["']([^"']+)["']/gi)) {
      anchors.add(id[1]);
    }
  }
  return anchors;
}

function lineOf(text, index) {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function main() {
  const root = parseArgs(process.argv.slice(2));
  const docsDir = join(root, 'docs') + sep;
  const anchorCache = new Map();
  const anchorsFor = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
    return anchorCache.get(file);
  };
  const problems = [];
  const report = (file, text, index, message) =>
    problems.push(`${relative(root, file)}:${lineOf(text, index)}: ${message}`);

  /** Checks one target (already resolved to an absolute path) and its anchor. */
  const checkTarget = (file, text, index, shown, target, anchor) => {
    if (!existsSync(target) || !statSync(target).isFile()) {
      report(file, text, index, `${shown}: no such file`);
      return;
    }
    if (anchor !== undefined && extname(target) === '.md' && !anchorsFor(target).has(anchor)) {
      report(
        file,
        text,
        index,
        `${shown}: no heading or id "${anchor}" in ${relative(root, target)}`,
      );
    }
  };

  const files = [...new Set(SCANNED.flatMap((entry) => listFiles(root, entry)))].sort();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const inDocs = file.startsWith(docsDir);

    for (const match of text.matchAll(DOCS_REFERENCE)) {
      const [path, anchor] = match[0].split('#');
      checkTarget(file, text, match.index, match[0], join(root, path), anchor);
    }

    if (extname(file) === '.md') {
      for (const match of text.matchAll(MARKDOWN_LINK)) {
        const link = match[1];
        if (/^[a-z][a-z\d+.-]*:/i.test(link) || link.startsWith('//')) continue;
        if (/(?<![\w./@-])docs\/[\w./-]*?\.md/.test(link) && !link.startsWith('.')) continue;
        const [path, anchor] = link.split('#');
        const target = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
        checkTarget(file, text, match.index, link, target, anchor);
      }
    }

    // This script names what it forbids, so it is the one file exempt from that check.
    if (!inDocs && relative(root, file) !== SELF) {
      for (const { pattern, what } of FORBIDDEN) {
        for (const match of text.matchAll(pattern)) {
          report(file, text, match.index, `${what}: "${match[0]}"`);
        }
      }
    }
  }

  if (problems.length) {
    console.error(`check-doc-links: ${problems.length} problem(s)`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`check-doc-links: ${files.length} files, every documentation reference resolves`);
}

main();
