// Strings of the skill viewer (components/microagents), the code-host access section of the
// options and a conversation's loaded skills (see ./en.ts).
export const skillStrings = {
  'skills.title': 'Skills',
  'skills.titleFor': 'Skills of {repository}',
  'skills.noContext': 'Skills belong to a repository, and this view has none yet.',
  'skills.noContextHow':
    'Open a repository on GitHub, GitLab or Bitbucket, then open Handoff from its button or menu to see the skills agents load there.',
  'skills.readFrom': 'Read from {host}, with the rules agents follow when a conversation starts.',
  'skills.loading': 'Reading the skills of {repository} from {host}…',
  'skills.count': '{count} skills',
  'skills.countOne': '1 skill',
  'skills.refresh': 'Refresh',
  'skills.refreshing': 'Refreshing…',
  'skills.empty': '{repository} has no skills.',
  'skills.emptyHow':
    'Add an AGENTS.md at its root for rules agents always follow, or a folder with a SKILL.md under .agents/skills/ for a skill they use when it helps.',
  'skills.noneLoad':
    'No skill of {repository} would load: agents skip its {count} skill files (see below).',
  'skills.noneLoadOne':
    'No skill of {repository} would load: agents skip its one skill file (see below).',
  'skills.listLabel': 'Skills',
  'skills.incomplete':
    'This list of {repository} is incomplete: Handoff could not read {count} of its skill files (see below).',
  'skills.incompleteOne':
    'This list of {repository} is incomplete: Handoff could not read one of its skill files (see below).',
  'skills.unread.title': 'Files not read ({count})',

  'skills.kind.always': 'Always on',
  'skills.kind.alwaysHint': 'Always in the agent’s context.',
  'skills.kind.onDemand': 'Agent skill',
  'skills.kind.onDemandHint':
    'The agent sees its name and description, and reads the rest when it needs it.',
  'skills.kind.keywords': 'On trigger',
  'skills.kind.keywordsHint': 'Added when a message mentions one of its triggers.',
  'skills.kind.task': 'On trigger, with inputs',
  'skills.kind.taskHint':
    'Added when a message mentions a trigger; the agent then asks for the inputs it lacks.',
  'skills.kind.paths': 'For some files',
  'skills.kind.pathsHint': 'Added while the agent works on files that match.',
  'skills.kind.agentSkillKeywords': 'Agent skill, also on trigger',
  'skills.kind.agentSkillPaths': 'Agent skill, for some files',
  'skills.kind.onTriggers': 'On trigger: {triggers}',

  'skills.when': 'When',
  'skills.triggers': 'Triggers',
  'skills.moreTriggers': '+{count} more',
  'skills.inputs': 'Inputs',
  'skills.paths': 'Files',
  'skills.description': 'Description',
  'skills.file': 'File',
  'skills.from': 'From',
  'skills.fromRepository': 'this repository',
  'skills.fromOrganisation': '{repository} (organisation)',
  'skills.fromOrganisationShort': 'from {repository}',
  'skills.openOnHost': 'Open on {host}',
  'skills.back': '← All skills',
  'skills.noContent': 'This file has nothing besides its front matter.',
  'skills.truncated':
    'This file is {size}; Handoff shows its first {shown}. Agents load all of it into their context, which crowds out the work: consider splitting it.',
  'skills.truncatedUnknown':
    'This file is larger than {shown}; Handoff shows only that much. Agents load all of it into their context, which crowds out the work: consider splitting it.',
  'skills.truncatedShort': 'larger than {shown}: shown in part',

  'skills.org.title': 'Organisation skill repositories',
  'skills.org.read': '{repository}: {count} skills read.',
  'skills.org.readOne': '{repository}: 1 skill read.',
  'skills.org.absent': '{repository}: not there.',
  'skills.org.absentAnonymous':
    '{repository}: not there, or private (read without a token; add one to read a private one).',
  'skills.org.failed': '{repository}: not read. {reason}',
  'skills.folderRulesIncomplete':
    '{host} could not list the whole repository in a few requests, so AGENTS.md-style files in sub-folders (rules agents follow while working in those folders) are not shown.',
  'skills.remaining': '{host} allows {count} more requests without a token until {time}.',

  'skills.skipped.title': 'Files agents skip ({count})',
  'skills.skip.frontMatter':
    'Its front matter does not parse (line {line}: {problem}). Fix the YAML between the --- lines.',
  'skills.skip.unsupported':
    'Its front matter uses YAML that Handoff does not read ("{feature}" on line {line}). Agents may still load it: open the file to check.',
  'skills.skip.frontMatterCut':
    'Its front matter goes on past the {shown} Handoff reads, so Handoff cannot tell what agents make of it.',
  'skills.skip.badName':
    'Its name "{name}" does not fit: {problems}. A SKILL.md’s name uses lowercase letters, digits and single hyphens, and equals its folder ("{folder}").',
  'skills.skip.badField': '"{field}" must be {expected}.',
  'skills.skip.folderFails':
    'Agents skip every skill in {folder}/ because "{field}" in {culprit} is not in a shape they accept.',
  'skills.skip.folderFailsInputs': 'Each input needs a text name and a text description.',
  'skills.skip.duplicate': 'Another skill named "{name}" comes first: {kept}.',
  'skills.skip.overridden': 'The repository’s own "{name}" ({path}) replaces it.',
  'skills.skip.unreadable': 'It could not be read: {problem}',
  'skills.skip.notRead':
    'Not read: {host} allows no more requests without a token until {time}. Add a token or refresh then.',
  'skills.skip.notReadLater':
    'Not read: {host} allows no more requests without a token for now. Add a token or refresh later.',
  'skills.skip.notReadCap': 'Not read: Handoff reads at most {count} skill files of a repository.',
  'skills.skipped.origin': 'in {repository}',

  'skills.yaml.unclosed-list': 'a list opened with [ is never closed',
  'skills.yaml.unclosed-map': 'a map opened with { is never closed',
  'skills.yaml.unclosed-quote': 'a quoted text is never closed',
  'skills.yaml.tab-indent': 'the line is indented with a tab, and YAML needs spaces',
  'skills.yaml.bad-indent': 'the line is indented more than its place allows',
  'skills.yaml.missing-colon': 'the line is neither "key: value" nor a list item',
  'skills.yaml.stray-text': 'there is text after a closed list, map or quote',
  'skills.yaml.bad-escape': 'a \\ escape inside double quotes is not one YAML knows',
  'skills.name.empty': 'it is empty',
  'skills.name.too-long': 'it is longer than 64 characters',
  'skills.name.characters': 'it has characters other than a–z, 0–9 and single hyphens',
  'skills.name.folder': 'it differs from its folder',
  'skills.expected.list': 'a list',
  'skills.expected.map': 'a map of keys and values',
  'skills.expected.text-or-list': 'a text or a list',

  'skills.problem.notFound': '{host} does not show {repository}.',
  'skills.problem.notFoundBody':
    'It may be private, or the address may be wrong. Check the address; for a private repository, add a token for {host} below.',
  'skills.problem.notFoundToken': '{host} does not show {repository} to your token.',
  'skills.problem.notFoundTokenBody':
    'Check the address, or give a token that can read this repository.',
  'skills.problem.refNotFound': '{repository} has no branch "{ref}".',
  'skills.problem.refNotFoundBody':
    'The page named a branch that is not there: it may have been merged, deleted or renamed. Open the repository’s main page and look again.',
  'skills.problem.needsToken': '{host} wants a token to read {repository}.',
  'skills.problem.needsTokenBody':
    'Add a token with read access below. Handoff keeps it in this browser and sends it only to {host}.',
  'skills.problem.tokenRejected': '{host} refused the token ending {hint}.',
  'skills.problem.tokenRejectedBody':
    'It may have expired or been revoked. Paste a new token below, or remove it to read public repositories without one.',
  'skills.problem.forbidden': '{host} does not let your token read {repository}.',
  'skills.problem.forbiddenAnonymous':
    '{host} does not let Handoff read {repository} without a token.',
  'skills.problem.forbiddenBody':
    'The token may lack read access to this repository, or the organisation may require its own approval (single sign-on) for tokens.',
  'skills.problem.hostSaid': '{host} said: {words}',
  'skills.problem.rateLimited': '{host} allows no more requests without a token until {time}.',
  'skills.problem.rateLimitedLater': '{host} allows no more requests without a token for now.',
  'skills.problem.rateLimitedBody':
    'Wait until then, or add a token below: hosts allow many more requests with one.',
  'skills.problem.rateLimitedLaterBody':
    'Anonymous requests are limited per hour. Wait a while, or add a token below: hosts allow many more requests with one.',
  'skills.problem.rateLimitedToken': '{host} allows your token no more requests until {time}.',
  'skills.problem.rateLimitedTokenLater': '{host} allows your token no more requests for now.',
  'skills.problem.rateLimitedTokenBody': 'Wait until then and refresh.',
  'skills.problem.redirected': '{host} sent the request somewhere else.',
  'skills.problem.redirectedBody':
    'The repository may have been renamed or moved, or the host wants you to sign in on its web page first. Open the repository on {host} and use its current address.',
  'skills.problem.unreachable': 'Handoff could not reach {api}.',
  'skills.problem.unreachableBody':
    'Check your connection. For a self-hosted host, check that it is added under Self-hosted code hosts in the options, with access granted.',
  'skills.problem.timeout': '{host} did not answer in time.',
  'skills.problem.timeoutBody': 'Try again in a moment.',
  'skills.problem.notApi': 'What answers at {api} is not {host}’s API.',
  'skills.problem.notApiBody':
    'Handoff got {what} (status {status}) where the API should answer. Check the host’s address and the software it runs (GitHub Enterprise, GitLab or Bitbucket Data Center) under Self-hosted code hosts in the options.',
  'skills.problem.notApi.html': 'a web page',
  'skills.problem.notApi.text': 'plain text',
  'skills.problem.notApi.json': 'data of an unknown shape',
  'skills.problem.notApi.empty': 'an empty answer',
  'skills.problem.server': '{host} failed to answer (status {status}).',
  'skills.problem.serverBody': 'This is usually brief. Try again in a moment.',
  'skills.problem.openOptions': 'Open options',

  'skills.token.label': 'Token for {host}',
  'skills.token.hint':
    'A token with read access. Handoff keeps it in this browser and sends it only to {api}.',
  'skills.token.hintBitbucket':
    'An access token, or your user name and an app password as user:password. Handoff keeps it in this browser and sends it only to {api}.',
  'skills.token.stored': 'A token ending in {hint} is stored for {host}.',
  'skills.token.save': 'Save token and read again',
  'skills.token.remove': 'Remove token',
  'skills.token.empty': 'Paste the token first.',
  'skills.token.spaces':
    'A token never contains spaces or line breaks: paste it again without them.',
  'skills.token.saving': 'Saving…',
  'skills.token.failed': 'The token could not be stored: {words}',

  'skills.file.notSkill': 'Agents do not load {path} as a skill.',
  'skills.file.notSkillBody':
    'They read AGENTS.md, CLAUDE.md, GEMINI.md and .cursorrules, and Markdown files under .agents/skills/, .openhands/skills/ and .openhands/microagents/.',
  'skills.file.reference':
    '{path} belongs to the skill "{name}": files beside a SKILL.md are its reference material, which the agent reads while it uses the skill.',
  'skills.file.openSkill': 'Open {name}',
  'skills.file.skipped': 'Agents skip {path}.',

  'options.nav.codeHosts': 'Code host access',
  'options.codeHosts.title': 'Code host access',
  'options.codeHosts.intro':
    'Handoff reads a repository’s skills straight from its code host: public repositories without a token, private ones with a token you give here. Each token stays in this browser and goes only to its host’s API.',
  'options.codeHosts.host': 'Code host',
  'options.codeHosts.listLabel': 'Stored code host tokens',
  'options.codeHosts.none': 'No tokens stored: Handoff reads public repositories only.',
  'options.codeHosts.entry': 'token ending {hint}',
  'options.codeHosts.save': 'Save token',
  'options.codeHosts.saved': 'Saved the token for {host}.',
  'options.codeHosts.removed': 'Removed the token for {host}.',
  'options.codeHosts.remove': 'Remove',
  'options.codeHosts.removeLabel': 'Remove the token for {host}',

  'panel.skills.title': 'Loaded skills',
  'panel.skills.loading': 'Asking the server which skills this conversation loaded…',
  'panel.skills.none': 'This conversation loaded no skills.',
  'panel.skills.notRunning':
    'The server lists a conversation’s skills only while its sandbox runs. Resume the conversation to see them.',
  'panel.skills.emptyUnknown':
    'The server listed no skills. It lists them only while the sandbox runs: if the conversation is paused, resume it to see them.',
  'panel.skills.notReady': 'The sandbox is not running yet; the list comes once it is.',
  'panel.skills.failed': 'The server could not list the skills: {words}',
  'panel.skills.count': '{count} skills',
  'panel.skills.countOne': '1 skill',
  'panel.folderSkills.title': 'Skills in {folder}',
  'panel.folderSkills.intro':
    'What the agent server finds in the repository it cloned: AGENTS.md and the like, .agents/skills and .openhands/skills.',
  'panel.folderSkills.loading': 'Asking the server which skills are in this folder…',
  'panel.folderSkills.checking': 'No skills found; checking the folder is still there…',
  'panel.folderSkills.none':
    'No skills in this folder: the repository has no AGENTS.md, .agents/skills or .openhands/skills. Add them to the repository to give the agent its rules.',
  'panel.folderSkills.gone':
    'This folder is no longer on the server, so it has no skills to show. Start again from the repository’s page to clone it anew.',
  'panel.folderSkills.tooOld':
    'This agent server cannot list the skills in a folder: that needs version 1.9 or later. Update the agent server to see them here.',
  'panel.folderSkills.failed': 'The server could not list the skills in this folder: {words}',
} as const;
