// First path segments that are GitHub's own routes, not owners, so `/{name}/{x}` is never read as
// a repository. Our own list rather than the `github-reserved-names` package: that list (≈300
// names, 1.2 KB gzipped) would be the largest part of the detection code in the content script,
// and most of its names only matter as single-segment pages, which never look like a
// repository anyway. This one keeps the routes that take sub-paths on github.com and on
// GitHub Enterprise Server. Owner names cannot start with `_` or `.`, so routes such as
// `/_render` are rejected by the owner pattern instead.
const NAMES =
  'about account admin advisories api apps auth blog business codespaces collections contact ' +
  'copilot customer-stories customers dashboard dashboard-feed discussions downloads edu education ' +
  'enterprise enterprises events explore features gist git-guides github-copilot home hovercards ' +
  'integrations invitations issues join login logout manage marketplace mobile models new ' +
  'nonprofit notifications oauth open-source organizations orgs pages partners password_reset ' +
  'premium-support pricing pulls raw readme repositories resources search security sessions ' +
  'settings setup showcases signup site solutions sponsors stafftools stars storage suggestions ' +
  'team teams topics trending user-attachments users watching why-github';

export const GITHUB_RESERVED_OWNERS: ReadonlySet<string> = new Set(NAMES.split(' '));
