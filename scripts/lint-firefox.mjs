// Runs Mozilla's own add-on linter (addons-linter, what addons.mozilla.org runs on upload) on
// the Firefox package: the built directory by default, which is what `npm run zip` packs, or the
// path given (e.g. .output/handoff-0.1.0-firefox.zip). Errors fail; warnings are listed, since
// AMO shows them to the reviewer, and the ones left are explained in README.md (Firefox).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const target = process.argv[2] ?? '.output/firefox-mv2';
if (!existsSync(target)) {
  console.error(
    `[addons-linter] ${target} does not exist: build it first (npx wxt build -b firefox)`,
  );
  process.exit(1);
}
const linter = require('addons-linter').createInstance({
  config: {
    _: [target],
    logLevel: 'fatal',
    stack: false,
    pretty: false,
    warningsAsErrors: false,
    metadata: false,
    output: 'none',
    boring: true,
    selfHosted: false,
  },
  runAsBinary: false,
});
const { summary, errors, warnings, notices } = await linter.run();
for (const [kind, list] of [
  ['error', errors],
  ['warning', warnings],
  ['notice', notices],
]) {
  for (const message of list) {
    const where = message.file ? ` (${message.file}${message.line ? `:${message.line}` : ''})` : '';
    console.log(`[addons-linter] ${kind} ${message.code}${where}: ${message.message}`);
  }
}
console.log(
  `[addons-linter] ${target}: ${summary.errors} errors, ${summary.warnings} warnings, ${summary.notices} notices`,
);
process.exit(summary.errors > 0 ? 1 : 0);
