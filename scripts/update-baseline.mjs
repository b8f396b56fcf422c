// The update journey's baseline (tests/e2e/update-in-place.spec.ts): the end-to-end build of an
// earlier commit of this project, pinned in tests/e2e/update-baseline.json, built from git once
// per commit and kept under .output/baseline/<commit>/chrome-mv3. `npm test` builds it before the
// end-to-end run (so the build never competes with a browser for the two cores); the journey calls
// the same function and finds it built. How to move the baseline: docs/toolchain.md.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pinFile = 'tests/e2e/update-baseline.json';
const howToMove = 'docs/toolchain.md#the-update-journeys-baseline';

/** The pinned commit, as its full 40-hex sha. */
export function baselineCommit() {
  const { commit } = JSON.parse(readFileSync(join(root, pinFile), 'utf8'));
  if (typeof commit !== 'string' || !/^[0-9a-f]{40}$/.test(commit)) {
    throw new Error(`${pinFile}: "commit" must be a full 40-character commit sha (${howToMove}).`);
  }
  return commit;
}

function git(args, options = {}) {
  const result = spawnSync('git', ['-C', root, ...args], { encoding: 'utf8', ...options });
  if (result.error)
    throw new Error(
      `git could not run (${result.error.message}): it is needed to build the update journey's baseline.`,
    );
  return result;
}

/** The last lines of a command's output, for an error that says why. */
function tail(result) {
  return `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
}

/**
 * Builds the baseline's end-to-end variant unless it is built already, and gives its folder.
 * Throws with the reason and the next step when the commit is missing or its build fails: the
 * journey must never pass by skipping its baseline.
 * @returns {{ commit: string, dir: string }}
 */
export function ensureBaseline() {
  const commit = baselineCommit();
  const home = join(root, '.output', 'baseline');
  const dir = join(home, commit, 'chrome-mv3');
  if (existsSync(join(dir, 'manifest.json'))) return { commit, dir };

  if (git(['rev-parse', '--git-dir']).status !== 0) {
    throw new Error(
      `The update journey builds its baseline, commit ${commit} (${pinFile}), from git, and ` +
        `${root} is not a git checkout. Test from a clone of the repository (${howToMove}).`,
    );
  }
  if (git(['cat-file', '-e', `${commit}^{commit}`]).status !== 0) {
    throw new Error(
      `The update journey's baseline, commit ${commit} (${pinFile}), is not in this checkout's ` +
        'git history. A shallow clone leaves it out: run `git fetch --unshallow` (or ' +
        `\`git fetch origin ${commit}\`) and test again. Moving the baseline: ${howToMove}.`,
    );
  }
  // Older builds of the baseline are never used again.
  if (existsSync(home)) {
    for (const old of readdirSync(home))
      if (!old.startsWith(commit)) rmSync(join(home, old), { recursive: true, force: true });
  }

  const work = mkdtempSync(join(tmpdir(), 'handoff-baseline-'));
  try {
    const source = join(work, 'source');
    mkdirSync(source);
    const tarball = join(work, 'source.tar');
    const archived = git(['archive', '--format=tar', '-o', tarball, commit]);
    if (archived.status !== 0) throw new Error(`git archive ${commit} failed:\n${tail(archived)}`);
    const unpacked = spawnSync('tar', ['-xf', tarball, '-C', source], { encoding: 'utf8' });
    if (unpacked.status !== 0) throw new Error(`Unpacking the baseline failed:\n${tail(unpacked)}`);

    // Built with this checkout's dependencies: no second install. Said when they differ, since a
    // build failure may then come from a dependency the baseline did not have.
    const lockNow = readFileSync(join(root, 'package-lock.json'), 'utf8');
    const lockThen = readFileSync(join(source, 'package-lock.json'), 'utf8');
    const sameDependencies = lockNow === lockThen;
    if (!sameDependencies) {
      console.warn(
        `The baseline ${commit.slice(0, 7)} pins other dependencies (its package-lock.json ` +
          "differs from this checkout's); it is built with this checkout's node_modules.",
      );
    }
    symlinkSync(realpathSync(join(root, 'node_modules')), join(source, 'node_modules'), 'dir');

    const env = { ...process.env, HANDOFF_E2E: '1' };
    // The baseline's own default place for its end-to-end build, whatever this run builds into.
    delete env.HANDOFF_OUT_DIR;
    const built = spawnSync('npx', ['wxt', 'build'], { cwd: source, env, encoding: 'utf8' });
    const output = join(source, '.output', 'e2e', 'chrome-mv3');
    if (built.status !== 0 || !existsSync(join(output, 'manifest.json'))) {
      throw new Error(
        `The update journey's baseline ${commit} did not build` +
          (sameDependencies ? '' : ' (its package-lock.json differs from this checkout’s)') +
          `:\n${tail(built)}\nMoving the baseline: ${howToMove}.`,
      );
    }
    // Copied next to its final place, then renamed: a run stopped halfway leaves no half build.
    const staging = join(home, `${commit}.partial-${process.pid}`);
    cpSync(output, join(staging, 'chrome-mv3'), { recursive: true });
    try {
      renameSync(staging, join(home, commit));
    } catch (error) {
      // Another run finished the same build first: keep that one.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(join(dir, 'manifest.json'))) throw error;
    }
    return { commit, dir };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  try {
    const { commit, dir } = ensureBaseline();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`The update journey's baseline ${commit.slice(0, 7)} is at ${dir} (${seconds} s).`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
