// Strings of the options page and the sandboxes tab (see ./en.ts).
export const optionsStrings = {
  'options.title': 'Handoff options',
  'options.nav.views': 'Options pages',
  'options.nav.settings': 'Settings',
  'options.nav.microagents': 'Microagents',
  'options.nav.sandboxes': 'Sandboxes',
  'options.nav.contents': 'Settings sections',
  'options.nav.servers': 'Servers',
  'options.nav.server': 'Server',
  'options.nav.organization': 'Organisation',
  'options.nav.tokens': 'Git provider tokens',
  'options.nav.secrets': 'Custom secrets',
  'options.nav.mcp': 'MCP servers',
  'options.nav.agent': 'Model and agent',
  'options.nav.defaults': 'Conversation defaults',
  'options.nav.rules': 'Which server a start goes to',
  'options.nav.hosts': 'Self-hosted code hosts',
  'options.nav.notifications': 'Notifications',
  'options.nav.transfer': 'Export and import',

  // Server
  'options.server.title': 'Server',
  'options.server.intro':
    'The Agent Conversation Service Handoff hands work to: a self-hosted OpenHands server or the hosted service.',
  'options.server.url': 'Server URL',
  'options.server.urlHint': 'For example http://localhost:3000 or https://app.all-hands.dev.',
  'options.server.key': 'API key',
  'options.server.keyStored':
    'A key ending in {hint} is stored in this browser. Type a new one to replace it.',
  'options.server.keyNone':
    'No key stored. Self-hosted servers need one only when started with SESSION_API_KEY; the hosted service always does.',
  'options.server.keyPlaceholder': 'Paste the key',
  'options.server.keyPlaceholderKeep': 'Leave empty to keep the stored key',
  'options.server.save': 'Save',
  'options.server.test': 'Test connection',
  'options.server.forgetKey': 'Remove stored key',
  'options.server.saving': 'Saving…',
  'options.server.testing': 'Testing the connection…',
  'options.server.saved': 'Saved. Handoff now uses this server.',
  'options.server.keyForgotten': 'The stored API key was removed from this browser.',
  'options.server.accessDenied':
    'Handoff needs access to {origin} to talk to the server, and the browser did not grant it. Click Save again and allow access when the browser asks.',
  'options.server.noAccess':
    'Handoff has no access to {origin} yet, so it cannot reach the server. Click Save to grant it.',
  'options.server.lastChecked': 'Last connection test: {kind}.',
  'options.server.useStoredKey':
    'Send the stored key (ending in {hint}) to {origin} too. Tick this only if that server should have it.',
  'options.server.keyElsewhere':
    'The stored key (ending in {hint}) was saved for {keyOrigin}, so Handoff does not send it to {origin}. Type this server’s key and save, or tick “Send the stored key” below the key field and save.',
  'options.server.keyOriginNone': 'no server',

  'options.server.editing': 'These settings are for {name}.',
  'options.server.signedIn':
    'Signed in to the hosted service: a key ending in {hint} is kept in this browser.',
  'options.server.signOut': 'Sign out',
  'options.server.signingOut': 'Signing out…',
  'options.server.signedOut':
    'Signed out: the hosted service deleted the key, and this browser forgot it.',
  'options.server.signedOutPasted':
    'Signed out here. The key was not made by a sign-in, so Handoff left it on the hosted service: it keeps working wherever else you use it until you delete it in the hosted service’s settings.',
  'options.server.signedOutLocal':
    'Signed out here, but the hosted service could not be told ({reason}). The key keeps working until it expires, a week after you signed in, or until you delete it in the hosted service’s settings.',
  'options.server.signedOutDead':
    'Signed out. The hosted service no longer took the key, so nothing of it was left there.',
  'options.server.orPaste': 'Or paste an API key in the field above and save.',

  // Servers (components/options/ServersSection.tsx)
  'options.servers.title': 'Servers',
  'options.servers.intro':
    'Every server Handoff works with, side by side. New conversations go to the default one unless a rule picks another; the side panel lists the conversations of all of them.',
  'options.servers.none': 'No server yet. Enter your server’s address under Server below.',
  'options.servers.listLabel': 'Your servers',
  'options.servers.default': 'Default',
  'options.servers.shown': 'Its settings are shown below',
  'options.servers.notTested': 'Not tested yet',
  'options.servers.lastTested': 'Answered when last tested, {when}',
  'options.servers.kind.hosted': 'The hosted service (OpenHands Cloud)',
  'options.servers.kind.v1': 'OpenHands 1.x, self-hosted',
  'options.servers.kind.legacy': 'OpenHands 0.x, self-hosted (an older server)',
  'options.servers.kind.agent': 'Agent server on its own',
  'options.servers.kind.agentVersion': 'Agent server {version} on its own',
  'options.servers.stateWorks': 'Works',
  'options.servers.stateUnreachable': 'Not reachable at the last test',
  'options.servers.stateNoServer': 'No OpenHands server answered at the last test',
  'options.servers.stateKeyRefused': 'It refused the key',
  'options.servers.stateKeyMissing': 'It needs a key: add it under Server',
  'options.servers.keySaved': 'Key saved',
  'options.servers.signedIn': 'Signed in',
  'options.servers.noKey': 'No key',
  'options.servers.keyElsewhere': 'Its key was saved for another address',
  'options.servers.show': 'Show its settings',
  'options.servers.showLabel': 'Show the settings of {name}',
  'options.servers.test': 'Test',
  'options.servers.testLabel': 'Test {name}',
  'options.servers.testing': 'Testing {name}…',
  'options.servers.testDenied':
    'Handoff needs access to {origin} to test it, and the browser did not grant it. Try again and allow access when the browser asks.',
  'options.servers.makeDefault': 'Make default',
  'options.servers.makeDefaultLabel': 'Make {name} the default',
  'options.servers.madeDefault':
    '{name} is now the default: new conversations go there unless a rule picks another server.',
  'options.servers.rename': 'Rename',
  'options.servers.renameLabel': 'Rename {name}',
  'options.servers.name': 'Name',
  'options.servers.nameHint':
    'Your own name for it, shown beside its conversations. Leave it empty to show its address.',
  'options.servers.saveName': 'Save name',
  'options.servers.cancel': 'Cancel',
  'options.servers.renamed': 'Renamed: it is now {name}.',
  'options.servers.remove': 'Remove',
  'options.servers.removeLabel': 'Remove {name}',
  'options.servers.removeQuestion': 'Remove {name}?',
  'options.servers.removeWhat':
    'Handoff forgets its key, the conversations it keeps of it in this browser, and its rules ({rules}). Its conversations stay on the server itself.',
  'options.servers.removeWhatNoRules':
    'Handoff forgets its key and the conversations it keeps of it in this browser. Its conversations stay on the server itself.',
  'options.servers.removeDefault': 'It is the default server: {next} becomes the default.',
  'options.servers.removeConfirm': 'Remove {name}',
  'options.servers.keep': 'Keep it',
  'options.servers.removed': 'Removed {name}. Its conversations stay on the server.',
  'options.servers.add': 'Add a server',
  'options.servers.addTitle': 'Add a server',
  'options.servers.address': 'Address',
  'options.servers.addressHint': 'For example https://app.all-hands.dev or http://localhost:8000.',
  'options.servers.key': 'Key, if it needs one',
  'options.servers.keyHint': 'Kept in this browser and sent to this server only.',
  'options.servers.addSubmit': 'Add server',
  'options.servers.adding': 'Adding…',
  'options.servers.added': 'Added {name}. Its settings are shown below.',
  'options.servers.addDenied':
    'Handoff needs access to {origin} to add it, and the browser did not grant it. Click Add server again and allow access when the browser asks.',
  'options.servers.signInHint':
    'The hosted service: instead of a key, you can sign in. Fill in the name and address first.',
  'options.servers.kindChanged':
    '{name} now answers as {now}; it was {before} before. Handoff uses it as it is now.',
  'options.servers.pick': 'Settings of',
  'options.kindShort.hosted': 'the hosted service',
  'options.kindShort.v1': 'an OpenHands server',
  'options.kindShort.legacy': 'an older OpenHands server',
  'options.kindShort.agent': 'an agent server',

  // Which server a start goes to (components/options/RulesSection.tsx)
  'options.rules.title': 'Which server a start goes to',
  'options.rules.intro':
    'New conversations go to the default server, {name}. A rule sends the starts from a code host, an owner or a repository to another server; the most precise rule wins.',
  'options.rules.listLabel': 'Rules',
  'options.rules.none': 'No rules yet: every start goes to {name}.',
  'options.rules.rule': 'Starts from {pattern} go to {server}',
  'options.rules.remove': 'Remove',
  'options.rules.removeLabel': 'Remove the rule for {pattern}',
  'options.rules.pattern': 'Code host, owner or repository',
  'options.rules.patternHint': 'Like gitlab.example.com, github.com/acme or github.com/acme/app.',
  'options.rules.server': 'Goes to',
  'options.rules.add': 'Add rule',
  'options.rules.added': 'Starts from {pattern} now go to {server}.',
  'options.rules.removed': 'Removed the rule for {pattern}.',
  'options.rules.unknownHost':
    'No code host you use is at {host}: add it under Code hosts, or fix the rule.',
  'options.rules.toHosts': 'Go to the code hosts',

  // Signing in to the hosted service with a code (components/options/DeviceSignIn.tsx)
  'options.signIn.title': 'Sign in without a key',
  'options.signIn.intro':
    'Approve Handoff in the hosted service’s web app, where you are already signed in, instead of creating and pasting an API key.',
  'options.signIn.start': 'Sign in with the hosted service',
  'options.signIn.starting': 'Asking the hosted service for a sign-in code…',
  'options.signIn.codeLabel': 'Your sign-in code',
  'options.signIn.codeIntro':
    'Open the approval page, check that it shows this code, and approve Handoff there. Come back here afterwards: this page notices by itself.',
  'options.signIn.copy': 'Copy code',
  'options.signIn.copied': 'The code is copied.',
  'options.signIn.copyFailed':
    'The browser did not let Handoff copy it: select the code and copy it.',
  'options.signIn.open': 'Open the approval page on {host}',
  'options.signIn.waiting': 'Waiting for your approval. The code works until {time}.',
  'options.signIn.cancel': 'Cancel',
  'options.signIn.saving': 'Approved. Keeping the sign-in…',
  'options.signIn.done': 'Signed in to the hosted service.',
  'options.signIn.retry': 'Try again',
  'options.signIn.expiredTitle': 'The code expired',
  'options.signIn.refusedTitle': 'The sign-in was refused',
  'options.signIn.cancelledTitle': 'Sign-in cancelled',
  'options.signIn.cancelled':
    'Nothing was kept. Start again when you are ready, or paste an API key instead.',
  'options.signIn.unavailableTitle': 'This server has no sign-in with a code',
  'options.signIn.failedTitle': 'Could not sign in',
  'options.signIn.accessDenied':
    'Handoff needs access to {origin} to sign in there, and the browser did not grant it. Try again and allow access when the browser asks.',

  // Connection report
  'options.report.tested': 'Tested {address}.',
  'options.report.reachable': 'Server',
  'options.report.reachableAlive': 'Reachable, and answers like an OpenHands server',
  'options.report.reachableYes': 'Reachable',
  'options.report.reachableNo': 'Not reachable',
  'options.report.kind': 'Kind',
  'options.kind.hosted': 'OpenHands Cloud, the hosted service',
  'options.kind.v1': 'Self-hosted OpenHands 1.x',
  'options.kind.legacy':
    'Self-hosted OpenHands 0.x, an older server (Handoff uses its older interface)',
  'options.kind.agent': 'An OpenHands agent server on its own, without an app server',
  'options.kind.agentVersion':
    'An OpenHands agent server {version} on its own, without an app server',
  'options.kind.unknown': 'No OpenHands server found at this address',
  'options.report.key': 'API key',
  'options.report.keyAccepted': 'Accepted, sent as {header}',
  'options.report.keyAcceptedNotNeeded':
    'Accepted, sent as {header} (the server does not require a key)',
  'options.report.keyRejected': 'Rejected: the server answered 401 to both headers',
  'options.report.keyRejectedOnce': 'Rejected: the server answered 401',
  'options.report.keyMissing': 'Required, but none is set',
  'options.report.keyNotNeeded': 'Not needed: the server answers without one',
  'options.report.keyUnknown': 'Could not tell',
  'options.report.verdictUnreachable': 'Handoff could not reach it: {reason}',
  'options.report.verdictNoApi':
    'Something answers there, but not an OpenHands server. Check the address (and any path prefix).',
  'options.report.version': 'Version',
  'options.report.versionTooOld': '{version}: too old, Handoff needs {oldest} or newer',
  'options.report.verdictAgentTooOld':
    'This agent server is {version}; Handoff needs {oldest} or newer. Update the agent server (or OpenHands) and test again.',
  'options.report.verdictAgent':
    'Handoff can work with this agent server without an app server: before each conversation starts, it clones the repository into a folder of its own under the server’s home.',
  'options.report.verdictKeyRejected':
    'The server refused the API key. Paste the key again, or create a new one on the server.',
  'options.report.verdictKeyMissing': 'The server needs an API key. Enter it above and save.',
  'options.report.verdictReady': 'Handoff can work with this server.',
  'options.report.checks': 'Show the {count} individual checks',
  'options.report.checkOk': 'Passed:',
  'options.report.checkFailed': 'Failed:',

  // Failures of the server's settings routes: the next step after the error's own words
  'options.errors.topicSettings': 'its settings',
  'options.errors.topicTokens': 'git provider tokens',
  'options.errors.topicSecrets': 'custom secrets',
  'options.errors.topicMcp': 'MCP servers',
  'options.errors.topicOrganizations': 'organisations',
  'options.errors.missingRoute':
    'This address does not offer {what}: it may not be an OpenHands server, or one too old for this. Check it with Test connection under Server.',
  'options.errors.unauthorized': 'Check the API key under Server, save it, then try again.',
  'options.errors.notMember':
    'Your account is not a member of the organisation Handoff acts in. Choose another one under Organisation.',
  'options.errors.forbidden':
    'Your account may not be allowed to do this. Ask whoever manages the server or the organisation.',
  'options.errors.badOrganization':
    'The service does not accept the organisation Handoff acts in. Choose it again under Organisation.',
  'options.errors.rateLimitedWait': 'Wait {seconds} s, then try again.',
  'options.errors.rateLimited': 'Wait a moment, then try again.',
  'options.errors.unreachable': 'Check that the server is running and reachable, then try again.',
  'options.errors.agentTooOld':
    'This agent server is too old for {what}: they came with agent server {version}. Update it, test the connection again under Server, then try again.',

  // Hosted organisations
  'options.org.title': 'Organisation',
  'options.org.intro':
    'A hosted account can belong to several organisations. Conversations, settings and secrets belong to the one Handoff acts in.',
  'options.org.loading': 'Asking the service for your organisations…',
  'options.org.none': 'The service lists no organisation for your key.',
  'options.org.one': 'Your key belongs to one organisation, {name}: Handoff acts in it.',
  'options.org.pick': 'Act in',
  'options.org.pickHint': 'Handoff names it in every request to the service.',
  'options.org.default': 'The key’s default ({name})',
  'options.org.defaultUnknown': 'The key’s default',
  'options.org.personal': '{name} (personal)',
  'options.org.saved': 'Handoff now acts in {name}.',
  'options.org.savedDefault': 'Handoff now acts in the key’s default organisation.',
  'options.org.unknownSaved':
    'Handoff is set to act in an organisation your key does not list. Choose one of yours.',
  'options.org.reset': 'Act in the key’s default organisation',
  'options.org.incomplete': 'Only the first {count} organisations are listed.',

  // Git provider tokens
  'options.tokens.title': 'Git provider tokens',
  'options.tokens.intro':
    'The server uses these tokens to clone repositories and read microagents. Handoff sends each token to the server once and keeps no copy.',
  'options.tokens.heldTitle': 'Tokens the server holds',
  'options.tokens.noServer': 'Save a server address first.',
  'options.tokens.heldLoading': 'Asking the server which tokens it holds…',
  'options.tokens.heldNone': 'The server holds no git provider tokens yet.',
  'options.tokens.heldFresh':
    'The server has no settings yet (a fresh install), so it cannot list the tokens it holds. A token stored now replaces any it may hold already.',
  'options.tokens.heldFreshVisit':
    'Stored from this page during this visit (the server cannot list its tokens until it has settings):',
  'options.tokens.defaultHost': 'default host',
  'options.tokens.forget': 'Forget',
  'options.tokens.forgetLabel': 'Make the server forget its {provider} token',
  'options.tokens.forgotten': 'The server forgot its {provider} token.',
  'options.tokens.addTitle': 'Add or replace a token',
  'options.tokens.provider': 'Provider',
  'options.tokens.host': 'Host',
  'options.tokens.hostHint': 'Only for a self-hosted instance; empty means {host}.',
  'options.tokens.hostHintRequired': 'The host name of your instance, like git.example.com.',
  'options.tokens.token': 'Token',
  'options.tokens.tokenHint': 'A personal access token (or app password) with read access.',
  'options.tokens.tokenHintHeld':
    'The server holds a token for this provider. Leave empty to keep it and only change the host.',
  'options.tokens.withMcp': 'Also send my default MCP servers to the server',
  'options.tokens.store': 'Store token',
  'options.tokens.storing': 'Sending the token to the server…',
  'options.tokens.stored': '{provider}: the server stored the token ("{words}").',
  'options.tokens.storedUnknown':
    'Handoff could not read which tokens the server already holds, and storing a token now would make it forget them. Try again once the list above loads.',
  'options.tokens.refused': 'The server refused the token: {words}',
  'options.tokens.tokenMissing': 'Enter the token.',
  'options.tokens.tokenBlank': 'The token is only spaces: paste the token itself.',
  'options.tokens.tokenSpaces':
    'A token never contains spaces or line breaks: paste it again, without them.',
  'options.tokens.hostSpaces': 'A host name cannot contain spaces.',
  'options.tokens.hostScheme': 'Enter a host name, not a {scheme}:// address.',
  'options.tokens.hostInvalid': '"{host}" is not a host name.',
  'options.tokens.hostCredentials':
    'Leave the user name and password out of the host; the token is the credential.',
  'options.tokens.hostWildcard': 'Enter one exact host name, without wildcards.',
  'options.tokens.hostPath': 'Enter just the host, like {host}, without the path "{path}".',
  'options.tokens.hostQuery': 'Leave out the "?…" and "#…" parts.',
  'options.tokens.hostRequired': 'Enter the host name of your instance.',
  'options.tokens.checkingKind': 'Finding out what kind of server this is…',
  'options.tokens.hostedIntro':
    'On the hosted service, git providers are connected when you sign in to its web app, not with tokens pasted here.',
  'options.tokens.hostedLink': 'Connect or change git providers in the hosted service’s settings',
  'options.tokens.connectedTitle': 'Connected providers',
  'options.tokens.connectedLoading': 'Asking the service which providers are connected…',
  'options.tokens.connectedNone':
    'No git provider is connected yet. Connect one in the hosted service’s settings, then reload this page.',
  'options.tokens.agentIntro':
    'This server clones repositories with the tokens it keeps as the secrets github_token, gitlab_token and bitbucket_token. Handoff sends a token to the server once and keeps no copy; neither shows it again.',
  'options.tokens.agentSecret': 'kept as the secret {secret}',
  'options.tokens.agentNone':
    'The server holds none of these tokens: it can clone public repositories only.',
  'options.tokens.agentTokenHint':
    'A personal access token with read access; the server clones from {host} with it.',
  'options.tokens.agentTokenHintHeld':
    'The server holds a {provider} token already: a new one replaces it.',
  'options.tokens.agentStored': '{provider}: the server stored the token as {secret}.',
  'options.tokens.agentForgotten': 'The server forgot its {provider} token ({secret}).',
  'options.tokens.agentDescription': 'Used to clone {provider} repositories',

  // Custom secrets
  'options.secrets.title': 'Custom secrets',
  'options.secrets.intro':
    'Values agents get as environment variables in their sandbox, like a package registry token. The server keeps them: Handoff sends a value once and never reads it back.',
  'options.secrets.introAgent':
    'Values agents can use, like a package registry token. The agent server keeps them: Handoff sends a value once and never reads it back.',
  'options.secrets.changeAgent':
    'To change a secret, add it again under the same name: this server takes a new value with every change.',
  'options.secrets.listTitle': 'Secrets on the server',
  'options.secrets.noServer': 'Save a server address first.',
  'options.secrets.loading': 'Asking the server for its secrets…',
  'options.secrets.none': 'The server holds no custom secrets.',
  'options.secrets.incomplete': 'Only the first {count} secrets are listed: the server holds more.',
  'options.secrets.noDescription': 'No description',
  'options.secrets.edit': 'Edit',
  'options.secrets.editLabel': 'Rename or describe {name}',
  'options.secrets.editTitle': 'Edit {name}',
  'options.secrets.saveEdit': 'Save changes',
  'options.secrets.saving': 'Saving…',
  'options.secrets.edited': 'Saved {name}. Its value is unchanged.',
  'options.secrets.delete': 'Delete',
  'options.secrets.deleteLabel': 'Delete {name}',
  'options.secrets.confirmDelete':
    'Delete the secret {name}? New conversations no longer get it, and its value is gone for good.',
  'options.secrets.confirmDeleteButton': 'Delete secret',
  'options.secrets.deleting': 'Deleting…',
  'options.secrets.deleted': 'Deleted {name}.',
  'options.secrets.addTitle': 'Add a secret',
  'options.secrets.name': 'Name',
  'options.secrets.nameHint':
    'It becomes an environment variable: letters, digits and underscores, not starting with a digit, like NPM_TOKEN.',
  'options.secrets.nameHintAgent':
    'Letters, digits and underscores, starting with a letter, at most 64 characters, like NPM_TOKEN.',
  'options.secrets.value': 'Value',
  'options.secrets.valueHint': 'Sent to the server once; it is never shown again, here or there.',
  'options.secrets.description': 'Description',
  'options.secrets.descriptionHint': 'Optional: what it is for.',
  'options.secrets.replace': 'Replace the value of the existing {name}',
  'options.secrets.add': 'Add secret',
  'options.secrets.adding': 'Sending the secret to the server…',
  'options.secrets.added': 'Added {name}.',
  'options.secrets.replaced': 'Replaced the value of {name}.',
  'options.secrets.nameEmpty': 'Enter a name.',
  'options.secrets.nameSpaces':
    'A secret name cannot contain spaces: use underscores, like NPM_TOKEN.',
  'options.secrets.nameFirst':
    'A secret name starts with a letter or an underscore, not "{first}".',
  'options.secrets.nameFirstLetter':
    'On this server a secret name starts with a letter, not "{first}".',
  'options.secrets.nameLong':
    'A secret name has at most {max} characters on this server; this one has {count}.',
  'options.secrets.nameCharacters':
    'A secret name has only letters, digits and underscores: "{name}" cannot be an environment variable.',
  'options.secrets.nameTaken':
    'A secret named {name} exists already. Tick the box below to replace its value, or choose another name.',
  'options.secrets.nameTakenLegacy':
    'A secret named {name} exists already: choose another name, or delete that one first.',
  'options.secrets.nameTakenRename': 'Another secret is named {name} already: choose another name.',
  'options.secrets.valueEmpty': 'Enter the value.',

  // MCP servers
  'options.mcp.title': 'Default MCP servers',
  'options.mcp.intro':
    'Tool servers that new conversations get. They are checked with the server’s own rules.',
  'options.mcp.sseTitle': 'SSE servers',
  'options.mcp.stdioTitle': 'Stdio servers',
  'options.mcp.shttpTitle': 'Streamable HTTP servers',
  'options.mcp.addSse': 'Add SSE server',
  'options.mcp.addStdio': 'Add stdio server',
  'options.mcp.addShttp': 'Add streamable HTTP server',
  'options.mcp.sseRow': 'SSE server {number}',
  'options.mcp.stdioRow': 'Stdio server {number}',
  'options.mcp.shttpRow': 'Streamable HTTP server {number}',
  'options.mcp.none': 'None.',
  'options.mcp.url': 'URL',
  'options.mcp.apiKey': 'API key',
  'options.mcp.apiKeyHint': 'Optional.',
  'options.mcp.timeout': 'Timeout (seconds)',
  'options.mcp.timeoutHint': 'Optional, 1 to 3600; the server’s default is 60.',
  'options.mcp.timeoutNumber': 'Enter the timeout in whole seconds, from 1 to 3600.',
  'options.mcp.name': 'Name',
  'options.mcp.nameHint': 'Letters, digits, hyphens and underscores.',
  'options.mcp.command': 'Command',
  'options.mcp.commandHint': 'One executable, like npx or uvx; its arguments go below.',
  'options.mcp.args': 'Arguments',
  'options.mcp.argsHint': 'As in a shell: -y @modelcontextprotocol/server-fetch "a b"',
  'options.mcp.env': 'Environment',
  'options.mcp.envHint': 'One KEY=value per line.',
  'options.mcp.envLine': 'Line {line} ("{text}") needs the form KEY=value.',
  'options.mcp.remove': 'Remove {server}',
  'options.mcp.save': 'Save MCP servers',
  'options.mcp.saved': 'Saved: new conversations get {count} MCP server(s).',
  'options.mcp.savedNone': 'Saved: new conversations get no extra MCP servers.',
  'options.mcp.fix': '{count} field(s) need attention: see the messages next to them.',
  'options.mcp.invalid': 'The MCP servers are not valid.',
  'options.mcp.noServer':
    'Save a server address first: where these servers are kept depends on the server.',
  'options.mcp.loading': 'Asking the server for its MCP servers…',
  'options.mcp.whereServer':
    'These servers are stored on your server and used by every new conversation, whichever app starts it.',
  'options.mcp.whereAgent':
    'These servers are stored on the agent server and used by every new conversation it runs, whichever app starts it.',
  'options.mcp.unchanged': 'Nothing to save: the list is as the server keeps it.',
  'options.mcp.whereLocal':
    'This server keeps no MCP servers for Handoff: Handoff keeps these in this browser and sends them with each new conversation it starts.',
  'options.mcp.headers': 'Headers',
  'options.mcp.headersHint': 'Optional: one Name: value per line, like Authorization: Bearer …',
  'options.mcp.headerLine': 'Line {line} ("{text}") needs the form Name: value.',
  'options.mcp.masked':
    'Values shown as ********** are secrets the server keeps: they stay as stored unless you type new ones.',
  'options.mcp.nameTaken': 'Another MCP server is named {name} already: each needs its own name.',
  'options.mcp.saving': 'Saving on the server…',
  'options.mcp.savedServer': 'Saved on the server: new conversations get {count} MCP server(s).',
  'options.mcp.savedServerNone': 'Saved on the server: new conversations get no MCP servers.',
  'options.mcp.localCopy':
    'Handoff keeps {count} MCP server(s) in this browser from before, which this server does not use. Add them to the list, check them, then save.',
  'options.mcp.addLocalCopy': 'Add the servers kept in this browser',
  'options.mcp.localCopyAdded': 'Added {count} server(s) to the list: check them, then save.',

  // The server's model and agent settings (read-only)
  'options.agent.title': 'Model and agent',
  'options.agent.intro':
    'What the server uses for new conversations. Handoff shows them; they are changed in the server’s own settings.',
  'options.agent.introAgent':
    'What the agent server uses for new conversations. Handoff shows them; they are changed where the agent server is set up, for example in Agent Canvas’s settings.',
  'options.agent.noServer': 'Save a server address first.',
  'options.agent.loading': 'Asking the server for its settings…',
  'options.agent.model': 'Model',
  'options.agent.noModel':
    'No model configured: conversations cannot start until one is chosen. Choose a model in the server’s settings.',
  'options.agent.fresh':
    'The server has no settings yet (a fresh install): choose a model and enter its key in the server’s settings before starting a conversation.',
  'options.agent.llmKey': 'Model key',
  'options.agent.llmKeySet': 'Stored on the server',
  'options.agent.llmKeyNone': 'None stored',
  'options.agent.confirmation': 'Risky actions',
  'options.agent.confirmationOn': 'The agent asks before running them',
  'options.agent.confirmationOff': 'The agent runs them without asking',
  'options.agent.change': 'Change these in the server’s settings',

  // Where an agent server alone gets its clones (Model and agent)
  'options.cloneFolder.label': 'Clone folder',
  'options.cloneFolder.hint':
    'Where Handoff clones repositories on this server, each in a folder of its own. A full path like /srv/work, or ~/work inside the server’s home folder. Leave it empty for ~/handoff.',
  'options.cloneFolder.save': 'Save folder',
  'options.cloneFolder.saved': 'Saved: new conversations clone into {folder}.',
  'options.cloneFolder.savedDefault': 'Saved: new conversations clone into ~/handoff.',
  'options.cloneFolder.notFull':
    'Start with / for a full path, or with ~/ for a folder inside the server’s home folder.',
  'options.cloneFolder.dots': 'Leave out “..”: write the folder’s path itself.',
  'options.cloneFolder.root': 'Choose a folder inside /, not / itself.',
  'options.cloneFolder.character':
    'Remove {what}: folder names here use letters, digits and . _ - + @ , only, which neither the server’s shell nor git can misread.',
  'options.cloneFolder.aSpace': 'the space',
  'options.cloneFolder.aControl': 'the invisible control character',
  'options.cloneFolder.tooLong': 'Keep the path under 160 characters.',
  'options.cloneFolder.storedUnusable':
    'The saved folder “{folder}” cannot be used, so new conversations clone into ~/handoff until you fix it. {reason}',

  // Conversation defaults
  'options.defaults.title': 'Conversation defaults',
  'options.defaults.instructions': 'Default instructions',
  'options.defaults.instructionsHint':
    'Added to every new conversation, out of sight in the chat. For example your team’s conventions.',
  'options.defaults.saveInstructions': 'Save instructions',
  'options.defaults.instructionsSaved': 'Default instructions saved.',
  'options.defaults.tooLong': 'Keep the instructions under {max} characters.',
  'options.defaults.click': 'A click on the page button',
  'options.defaults.clickForm': 'Opens the form first (Alt-click starts at once)',
  'options.defaults.clickStart': 'Starts at once (Alt-click opens the form)',
  'options.defaults.clickSaved': 'Saved.',
  'options.defaults.api': 'How new conversations start',
  'options.defaults.apiHint':
    'Only servers older than OpenHands 1.7 offer a choice; current servers have one way.',
  'options.defaults.apiFor': 'This is for {name}, the server whose settings are shown above.',
  'options.defaults.apiAuto': 'Automatic (the current way wherever the server has it)',
  'options.defaults.apiV1': 'Always the current way',
  'options.defaults.apiV0': 'The older way, on servers that still have it',
  'options.defaults.apiSaved': 'Saved.',

  // Self-hosted hosts
  'options.hosts.title': 'Self-hosted code hosts',
  'options.hosts.intro':
    'GitHub Enterprise, GitLab and Bitbucket Data Center instances where Handoff shows its button. Handoff asks the browser for access to each one.',
  'options.hosts.listLabel': 'Added code hosts',
  'options.hosts.none': 'None added.',
  'options.hosts.address': 'Address',
  'options.hosts.addressHint': 'Just the scheme and host, like https://git.example.com.',
  'options.hosts.software': 'Host software',
  'options.hosts.softwareGithub': 'GitHub Enterprise Server',
  'options.hosts.softwareGitlab': 'GitLab (self-managed)',
  'options.hosts.softwareBitbucket': 'Bitbucket Data Center',
  'options.hosts.add': 'Add host',
  'options.hosts.added': 'Added {origin} ({software}). Reload its open tabs to see the button.',
  'options.hosts.removed': 'Removed {origin}.',
  'options.hosts.remove': 'Remove',
  'options.hosts.removeLabel': 'Remove {origin}',
  'options.hosts.grant': 'Grant access',
  'options.hosts.grantLabel': 'Grant access to {origin}',
  'options.hosts.noAccess': 'no access yet',
  'options.hosts.denied':
    'The browser did not grant access to {origin}. Try again and allow access when it asks.',
  'options.hosts.builtIn': '{origin} is supported already: there is nothing to add.',

  // Notifications
  'options.notifications.title': 'Notifications',
  'options.notifications.intro': 'What Handoff tells you about conversations it watches.',
  'options.notifications.awaitingInput': 'Awaiting input',
  'options.notifications.awaitingInputHint':
    'When an agent waits for your answer or your confirmation.',
  'options.notifications.finished': 'Finished',
  'options.notifications.finishedHint': 'When an agent finishes its task.',
  'options.notifications.errors': 'Errors',
  'options.notifications.errorsHint': 'When a conversation stops with an error.',
  'options.notifications.pullRequests': 'Agents’ pull requests',
  'options.notifications.pullRequestsHint':
    'When a pull or merge request an agent opened starts failing its checks, gets a review asking for changes, conflicts with its base, or is merged.',
  'options.notifications.onlyWhenAway': 'Only when I’m away from it',
  'options.notifications.onlyWhenAwayHint':
    'Nothing for a conversation a Handoff panel on your screen is showing.',
  'options.notifications.quiet': 'No progress after (minutes)',
  'options.notifications.quietHint':
    'A working agent silent this long is shown as “No progress” under Needs you. 0 turns this off.',
  'options.notifications.quietInvalid': 'Enter whole minutes from 0 to 1440.',

  // Export and import
  'options.transfer.title': 'Export and import',
  'options.transfer.intro':
    'Move your settings to another browser. The file holds no secrets: the API key and git provider tokens stay out of it, and importing never changes the stored key.',
  'options.transfer.export': 'Export settings',
  'options.transfer.exported': 'Downloaded {file}.',
  'options.transfer.import': 'Import settings from a file',
  'options.transfer.importHint':
    'A file exported by Handoff. It is checked whole first: a bad file changes nothing.',
  'options.transfer.imported':
    'Imported {file}. The stored API key was left as it was; grant access where the page asks for it.',
  'options.transfer.importedNewServer':
    'Imported {file}. It names another server, and the stored API key stays with the server it was saved for: enter the new server’s key under Server before using it.',
  'options.transfer.failed': 'Nothing was imported from {file}: {reason}',
  'options.transfer.tooLarge':
    'Nothing was imported from {file}: it is far too large for a settings file.',
  'options.transfer.notJson': 'it is not JSON ({reason}).',
  'options.transfer.notOurs':
    'it is not a Handoff settings file (it lacks "format": "handoff-settings").',
  'options.transfer.version': 'it was written by a newer Handoff (file version {version}).',
  'options.transfer.noSettings': 'it has no "settings" object.',
  'options.transfer.unknownFields':
    'it contains fields Handoff does not import ({fields}). Keys and tokens are never imported.',
  'options.transfer.invalidField': '"{field}" is not valid: {reason}',
  'options.transfer.cloneFoldersShape':
    'it should pair each server’s address with a folder, like {"https://agents.example.com": "~/work"}.',
  'options.transfer.cloneFoldersOrigin':
    'each folder belongs to a server address with nothing after the host and port, like https://agents.example.com.',

  'options.transfer.serverTaken':
    'its server “{file}” has the address of your server “{mine}” ({address}). Remove one of them first, or take it out of the file.',
  'options.transfer.nameTaken':
    'its server “{name}” has the name of your server at {address}. Rename one of them first.',
  'options.transfer.serversShape':
    'each server is an object with its id, name, address (serverUrl), authScheme and apiPreference.',
  'options.transfer.rulesShape':
    'each rule is an object with a pattern and the id of a server of the file.',
  'options.transfer.serversTwice': 'two of its servers have the address {address}.',
  'options.transfer.ruleServer': 'the rule for {pattern} names a server the file does not have.',
  'options.transfer.ruleTwice': 'two of its rules are for {pattern}.',
  'options.transfer.importedServers':
    'Imported {file}, with {count} server(s) new here, without keys: add each one’s key (or sign in) under Server before using it.',

  // Microagent lookup (options page)
  'options.lookup.title': 'Repository skills',
  'options.lookup.intro':
    'See the skills (microagents) agents load for a repository, read from its code host: what they always follow, what they use on a trigger, and the files they skip.',
  'options.lookup.address': 'Repository or file address',
  'options.lookup.addressHint':
    'Paste the address of a repository page, or of a skill file to open it.',
  'options.lookup.show': 'Show skills',
  'options.lookup.empty': 'Paste a repository address.',
  'options.lookup.notAddress': '"{address}" is not a web address.',
  'options.lookup.notRepository':
    '{address} is not a repository page Handoff knows. Use a GitHub, GitLab or Bitbucket repository address, or add its self-hosted instance in the settings first.',

  // Sandboxes (options page)
  'options.sandboxes.server': 'Sandboxes of',
  'options.sandboxes.noServer': 'Connect Handoff to a server first.',
  'options.sandboxes.noV1':
    'This server has no sandboxes to manage: they came with newer OpenHands versions. If it was upgraded, test the connection again.',
  'options.sandboxes.agent':
    'An agent server on its own has no sandboxes: it runs each conversation in a folder on its own machine.',
  'options.sandboxes.toServer': 'Go to the server settings',

  // Sandboxes
  'sandboxes.title': 'Sandboxes',
  'sandboxes.refresh': 'Refresh',
  'sandboxes.refreshing': 'Refreshing…',
  'sandboxes.loading': 'Loading sandboxes…',
  'sandboxes.empty': 'No sandboxes. Start one above, or start a conversation.',
  'sandboxes.listLabel': 'Sandboxes',
  'sandboxes.loadMore': 'Load more sandboxes',
  'sandboxes.loadingMore': 'Loading more…',
  'sandboxes.startTitle': 'Start a sandbox',
  'sandboxes.specLabel': 'Sandbox spec',
  'sandboxes.specsLoading': 'Loading sandbox specs…',
  'sandboxes.noSpecs': 'The server offers no sandbox specs.',
  'sandboxes.specWorkingDir': 'Working directory: {dir}',
  'sandboxes.start': 'Start sandbox',
  'sandboxes.starting': 'Starting…',
  'sandboxes.started': 'Sandbox {id} is starting.',
  'sandboxes.startingHint': 'Starting: this updates by itself.',
  'sandboxes.status.STARTING': 'Starting',
  'sandboxes.status.RUNNING': 'Running',
  'sandboxes.status.PAUSED': 'Paused',
  'sandboxes.status.ERROR': 'Error',
  'sandboxes.status.MISSING': 'Missing',
  'sandboxes.spec': 'Spec',
  'sandboxes.specUnknown': 'unknown',
  'sandboxes.ageLabel': 'Age',
  'sandboxes.ageUnknown': 'unknown',
  'sandboxes.age.seconds': '{count} s',
  'sandboxes.age.minutes': '{count} min',
  'sandboxes.age.hours': '{count} h',
  'sandboxes.age.days': '{count} d',
  'sandboxes.links': 'Open',
  'sandboxes.link.AGENT_SERVER': 'Agent server',
  'sandboxes.link.VSCODE': 'VS Code',
  'sandboxes.conversations': 'Conversations',
  'sandboxes.pause': 'Pause',
  'sandboxes.pauseLabel': 'Pause sandbox {id}',
  'sandboxes.pausing': 'Pausing…',
  'sandboxes.resume': 'Resume',
  'sandboxes.resumeLabel': 'Resume sandbox {id}',
  'sandboxes.resuming': 'Resuming…',
  'sandboxes.delete': 'Delete',
  'sandboxes.deleteLabel': 'Delete sandbox {id}',
  'sandboxes.deleting': 'Deleting…',
  'sandboxes.confirmLabel': 'Confirm deletion',
  'sandboxes.confirmDelete':
    'Delete sandbox {id}? Conversations running in it stop, and its files are gone for good.',
  'sandboxes.confirmDeleteButton': 'Delete sandbox',
  'sandboxes.notRunning':
    'Sandbox {id} is not running (status: {status}), so there is nothing to pause.',
  'sandboxes.notPaused':
    'Sandbox {id} is not paused (status: {status}), so there is nothing to resume.',
  'sandboxes.deletedElsewhere':
    'Sandbox {id} no longer exists: it was deleted elsewhere, so it is gone from this list.',
  'sandboxes.dismiss': 'Dismiss',
} as const;
