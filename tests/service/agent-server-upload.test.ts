// The agent server's upload routes (file_router.py) and the clone the extension builds on them:
// a git credential-store file uploaded, `git -c credential.helper='store --file=…' clone`, then
// `rm -f`, with the token on no command line and in no bash event. Also what older releases
// answer, and the helper forms the simulated shell refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFile } from './agent-server-probes';
import type { RunningService } from './index';
import { agentSeedPaths } from './seed/agent-server';
import { call, startTestService } from './test-support';

type Json = Record<string, unknown>;

const KEY = 'upload-key';
const headers = { 'X-Session-API-Key': KEY };
const WORKSPACE = agentSeedPaths.workspace;

let svc: RunningService;

beforeAll(async () => {
  svc = await startTestService({ server: 'agent', apiKey: KEY, scenario: 'finish-quickly' });
});
afterAll(async () => {
  await svc.stop();
});

function upload(path: string, text: string, on: RunningService = svc) {
  return postFile(`${on.url}/api/file/upload?path=${encodeURIComponent(path)}`, text, headers);
}

async function bash(command: string, cwd: string = WORKSPACE, on: RunningService = svc) {
  const answer = await call<Json>(`${on.url}/api/bash/execute_bash_command`, {
    method: 'POST',
    headers,
    json: { command, cwd, timeout: 30 },
  });
  expect(answer.status).toBe(200);
  return answer.body as { exit_code: number; stdout: string | null; stderr: string | null };
}

async function secret(name: string): Promise<string> {
  return (await call(`${svc.url}/api/settings/secrets/${name}`, { headers })).text;
}

/** A multipart body by hand, for what FormData cannot send. */
function rawPost(
  path: string,
  contentType: string,
  body: string,
  extra: Record<string, string> = headers,
) {
  return call<Json>(`${svc.url}${path}`, {
    method: 'POST',
    headers: { ...extra, 'content-type': contentType },
    body,
  });
}

describe('POST /api/file/upload', () => {
  it('writes the file, making missing folders, where the shell sees it', async () => {
    expect(await upload('/tmp/new/deeper/notes.txt', 'first\n')).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(
      await bash('cat /tmp/new/deeper/notes.txt && ls /tmp/new && ls /tmp/new/deeper'),
    ).toMatchObject({
      exit_code: 0,
      stdout: 'first\ndeeper\nnotes.txt\n',
    });
    expect((await upload('/tmp/new/deeper/notes.txt', 'second\n')).status).toBe(200);
    expect((await bash('cat /tmp/new/deeper/notes.txt')).stdout).toBe('second\n');
    expect((await bash('test -f /tmp/new/deeper/notes.txt')).exit_code).toBe(0);
    expect((await bash('test -d /tmp/new/deeper/notes.txt')).exit_code).toBe(1);
    expect(
      await bash('rm -f /tmp/new/deeper/notes.txt && test -f /tmp/new/deeper/notes.txt'),
    ).toMatchObject({ exit_code: 1 });
    expect((await bash('rm -f /tmp/new/deeper/notes.txt')).exit_code).toBe(0);
    // A file written into a clone covers the repository's own.
    expect((await upload(`${agentSeedPaths.widgets}/README.md`, 'patched\n')).status).toBe(200);
    expect((await bash('cat widgets/README.md')).stdout).toBe('patched\n');
  });

  it('refuses a relative path with 400, and answers disk errors as its catch-all 500', async () => {
    expect(await upload('relative/notes.txt', 'x')).toEqual({
      status: 400,
      body: { detail: 'Path must be absolute' },
    });
    expect(await upload(WORKSPACE, 'x')).toEqual({
      status: 500,
      body: { detail: `Failed to upload file: [Errno 21] Is a directory: '${WORKSPACE}'` },
    });
    expect((await upload('/tmp/plain', 'x')).status).toBe(200);
    expect(await upload('/tmp/plain/inside', 'x')).toEqual({
      status: 500,
      body: { detail: "Failed to upload file: [Errno 17] File exists: '/tmp/plain'" },
    });
    expect(await upload('/tmp/plain/a/b', 'x')).toEqual({
      status: 500,
      body: { detail: "Failed to upload file: [Errno 20] Not a directory: '/tmp/plain/a'" },
    });
  });

  it('answers FastAPI’s 422 for a missing or text `file` field, query errors first', async () => {
    const none = await call<Json>(`${svc.url}/api/file/upload`, { method: 'POST', headers });
    expect(none).toMatchObject({
      status: 422,
      body: {
        detail: [
          { type: 'missing', loc: ['query', 'path'], msg: 'Field required', input: null },
          { type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null },
        ],
      },
    });
    const form = new FormData();
    form.append('file', 'just text');
    const text = await fetch(`${svc.url}/api/file/upload?path=/tmp/t`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(text.status).toBe(422);
    // 1.17.0 on: `ctx.error` as text.
    expect(await text.json()).toEqual({
      detail: [
        {
          type: 'value_error',
          loc: ['body', 'file'],
          msg: "Value error, Expected UploadFile, received: <class 'str'>",
          input: 'just text',
          ctx: { error: "Expected UploadFile, received: <class 'str'>" },
        },
      ],
    });
    const json = await call(`${svc.url}/api/file/upload?path=/tmp/t`, {
      method: 'POST',
      headers,
      json: { file: 'x' },
    });
    expect(json.status).toBe(422);
  });

  it('reads the body before the key: a broken form is a 400 even without one', async () => {
    const path = '/api/file/upload?path=/tmp/b';
    expect(await rawPost(path, 'multipart/form-data; boundary=b', 'garbage', {})).toMatchObject({
      status: 400,
      body: { detail: 'There was an error parsing the body' },
    });
    expect(await rawPost(path, 'multipart/form-data', '--b--', {})).toMatchObject({
      status: 400,
      body: { detail: 'Missing boundary in multipart.' },
    });
    const good =
      '--b\r\nContent-Disposition: form-data; name="file"; filename="f"\r\n\r\nhi\r\n--b--\r\n';
    expect((await rawPost(path, 'multipart/form-data; boundary=b', good, {})).status).toBe(401);
    expect(await rawPost(path, 'multipart/form-data; boundary=b', good)).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect((await bash('cat /tmp/b')).stdout).toBe('hi');
  });

  it('has no path-parameter form any more (removed in 1.20.0)', async () => {
    const answer = await postFile(`${svc.url}/api/file/upload//tmp/p`, 'x', headers);
    expect(answer).toEqual({ status: 404, body: { detail: 'Not Found' } });
  });
});

describe('GET /api/file/download', () => {
  const download = (path: string, on: RunningService = svc) =>
    call(`${on.url}/api/file/download?path=${encodeURIComponent(path)}`, { headers });

  it('answers a file’s bytes under its own name, 404 for what is not there, 400 for a folder', async () => {
    await upload('/tmp/down/notes.txt', 'kept\n');
    const file = await download('/tmp/down//notes.txt');
    expect(file.status).toBe(200);
    expect(file.text).toBe('kept\n');
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="notes.txt"');
    expect(await download('/tmp/down/missing.txt')).toMatchObject({
      status: 404,
      body: { detail: 'File not found' },
    });
    expect(await download('/tmp/down')).toMatchObject({
      status: 400,
      body: { detail: 'Path is not a file' },
    });
    expect(await download('tmp/down/notes.txt')).toMatchObject({
      status: 400,
      body: { detail: 'Path must be absolute' },
    });
  });

  it('sees a folder the shell removed as gone', async () => {
    await bash('mkdir -p /tmp/soon-gone && rm -rf /tmp/soon-gone', '/');
    expect((await download('/tmp/soon-gone')).status).toBe(404);
  });

  it('is not there before 1.13.1', async () => {
    const old = await startTestService({ server: 'agent', apiKey: KEY, agentVersion: '1.13.0' });
    try {
      expect(await download('/tmp', old)).toMatchObject({
        status: 404,
        body: { detail: 'Not Found' },
      });
    } finally {
      await old.stop();
    }
  });
});

describe('uploads on older releases', () => {
  it('1.13.0 has only the path form, whose catch-all makes a relative path a 500', async () => {
    const old = await startTestService({ server: 'agent', apiKey: KEY, agentVersion: '1.13.0' });
    try {
      expect((await upload('/tmp/q', 'x', old)).status).toBe(404);
      expect(await postFile(`${old.url}/api/file/upload//tmp/old.txt`, 'old\n', headers)).toEqual({
        status: 200,
        body: { success: true },
      });
      // An encoded slash is decoded before routing, as Starlette does.
      expect(
        (await postFile(`${old.url}/api/file/upload/%2Ftmp%2Fencoded.txt`, 'e', headers)).status,
      ).toBe(200);
      expect((await bash('cat /tmp/old.txt /tmp/encoded.txt', '/', old)).stdout).toBe('old\ne');
      expect(await postFile(`${old.url}/api/file/upload/tmp/rel.txt`, 'x', headers)).toEqual({
        status: 500,
        body: { detail: 'Failed to upload file: 400: Path must be absolute' },
      });
      const form = new FormData();
      form.append('file', 'text');
      const text = await fetch(`${old.url}/api/file/upload//tmp/t`, {
        method: 'POST',
        headers,
        body: form,
      });
      // Before 1.17.0 the 422 keeps pydantic's `ctx.error` object.
      expect(((await text.json()) as { detail: Json[] }).detail[0]?.ctx).toEqual({ error: {} });
    } finally {
      await old.stop();
    }
  });

  it('1.19.0 has both forms, and both refuse a relative path with 400', async () => {
    const old = await startTestService({ server: 'agent', apiKey: KEY, agentVersion: '1.19.0' });
    try {
      expect((await upload('/tmp/q', 'x', old)).status).toBe(200);
      expect(await postFile(`${old.url}/api/file/upload/tmp/rel.txt`, 'x', headers)).toEqual({
        status: 400,
        body: { detail: 'Path must be absolute' },
      });
    } finally {
      await old.stop();
    }
  });
});

describe('cloning with an uploaded credential store', () => {
  it('clones a private repository with no token on any command line or in any bash event', async () => {
    const token = await secret('gitlab_token');
    expect(
      (await call(`${svc.url}/api/bash/bash_events`, { method: 'DELETE', headers })).status,
    ).toBe(200);
    const store = '/tmp/handoff-git/credentials-7f3a';
    expect(
      (await upload(store, `https://oauth2:${encodeURIComponent(token)}@gitlab.com\n`)).status,
    ).toBe(200);
    const cloned = await bash(
      `git -c credential.helper='store --file=${store}' clone -b feature/rate-limits https://gitlab.com/acme/platform/backend/api.git api-from-store`,
    );
    expect(cloned).toMatchObject({
      exit_code: 0,
      stdout: null,
      stderr: "Cloning into 'api-from-store'...\n",
    });
    expect(await bash(`rm -f ${store} && test -f ${store}`)).toMatchObject({ exit_code: 1 });
    expect((await bash('test -d api-from-store')).exit_code).toBe(0);
    const dir = `${WORKSPACE}/api-from-store`;
    expect((await bash('git branch --show-current', dir)).stdout).toBe('feature/rate-limits\n');
    expect((await bash('ls', dir)).exit_code).toBe(0);
    // The remote has no credentials and the helper stayed with that one command.
    expect((await bash('git config --get remote.origin.url', dir)).stdout).toBe(
      'https://gitlab.com/acme/platform/backend/api.git\n',
    );
    expect(await bash('git config --get credential.helper', dir)).toMatchObject({
      exit_code: 1,
      stdout: null,
    });

    const events: Json[] = [];
    let page: string | null = null;
    do {
      const query: string = page ? `&page_id=${encodeURIComponent(page)}` : '';
      const found = await call<{ items: Json[]; next_page_id: string | null }>(
        `${svc.url}/api/bash/bash_events/search?limit=100${query}`,
        { headers },
      );
      events.push(...found.body.items);
      page = found.body.next_page_id;
    } while (page);
    expect(events.length).toBeGreaterThanOrEqual(12);
    expect(events.some((e) => String(e.command).includes("credential.helper='store --file="))).toBe(
      true,
    );
    expect(JSON.stringify(events)).not.toContain(token);
    expect(JSON.stringify(events)).not.toContain(encodeURIComponent(token));
  });

  it('takes -c and -C in either order, quoted either way, and --file with or without =', async () => {
    const token = await secret('github_token');
    // The password percent-encoded, as git's own store writes it; any user name.
    const line = `https://x-access-token:${token.replace('_', '%5f')}@github.com\n`;
    expect((await upload('/tmp/forms/creds', line)).status).toBe(200);
    const url = 'https://github.com/octocat/.openhands.git';
    for (const [command, cwd, folder] of [
      [`git -c credential.helper='store --file=/tmp/forms/creds' clone ${url} f1`, WORKSPACE, 'f1'],
      [
        `git -c "credential.helper=store --file /tmp/forms/creds" -C ${WORKSPACE} clone ${url} f2`,
        '/',
        'f2',
      ],
      [
        `git -C ${WORKSPACE} -c credential.helper="store --file=/tmp/forms/creds" clone ${url} f3`,
        '/',
        'f3',
      ],
      // A relative store path is found where git runs, after -C.
      [
        `git -C /tmp -c 'credential.helper=store --file forms/creds' clone ${url} ${WORKSPACE}/f4`,
        '/',
        'f4',
      ],
    ] as const) {
      expect({ command, ...(await bash(command, cwd)) }).toMatchObject({
        command,
        exit_code: 0,
        stderr: `Cloning into '${folder === 'f4' ? `${WORKSPACE}/f4` : folder}'...\n`,
      });
      expect((await bash(`git -C ${folder} branch --show-current`)).stdout).toBe('main\n');
    }
    // Without --file: ~/.git-credentials.
    expect((await upload(`${agentSeedPaths.home}/.git-credentials`, line)).status).toBe(200);
    expect((await bash(`git -c credential.helper=store clone ${url} f5`)).exit_code).toBe(0);
    expect((await bash('rm ~/.git-credentials')).exit_code).toBe(0);
  });

  it('stores an accepted credential back, erases a refused one, and asks nothing for public repositories', async () => {
    const token = await secret('github_token');
    const store = '/tmp/store-life/creds';
    const helper = `-c credential.helper='store --file=${store}'`;
    const other = 'https://someone:else@gitlab.com';
    await upload(
      store,
      `${other}\nhttps://x-access-token:${token.replace('_', '%5F')}@github.com/\n`,
    );
    expect(
      (await bash(`git ${helper} clone https://github.com/octocat/.openhands.git life`)).exit_code,
    ).toBe(0);
    // git 2.39's store action: the credential first (only unreserved characters left as they
    // are, no path for https), other lines after.
    expect((await bash(`cat ${store}`)).stdout).toBe(
      `https://x-access-token:${token}@github.com\n${other}\n`,
    );
    // The host never asks for a public repository, so a bad stored token does not matter.
    await upload(store, 'https://x-access-token:not-a-token@github.com\n');
    expect(
      (await bash(`git ${helper} clone https://github.com/octo-org/docs-site.git docs`)).exit_code,
    ).toBe(0);
    expect((await bash(`cat ${store}`)).stdout).toBe(
      'https://x-access-token:not-a-token@github.com\n',
    );
    // A refused token fails as it would in the URL, and git erases it.
    expect(
      await bash(`git ${helper} clone https://github.com/octocat/.openhands.git refused`),
    ).toMatchObject({
      exit_code: 128,
      stderr:
        "Cloning into 'refused'...\nremote: Invalid username or token. Password authentication is not supported for Git operations.\nfatal: Authentication failed for 'https://github.com/octocat/.openhands.git/'\n",
    });
    expect((await bash(`cat ${store}`)).stdout).toBeNull();
    expect((await bash('test -d refused')).exit_code).toBe(1);
    // A repository the token cannot see: not found, the store left alone.
    await upload(store, `https://x-access-token:${token}@github.com\n`);
    expect(
      await bash(`git ${helper} clone https://github.com/octo-org/no-such-repo.git`),
    ).toMatchObject({
      exit_code: 128,
      stderr:
        "Cloning into 'no-such-repo'...\nremote: Repository not found.\nfatal: repository 'https://github.com/octo-org/no-such-repo.git/' not found\n",
    });
    expect((await bash(`cat ${store}`)).stdout).toBe(
      `https://x-access-token:${token}@github.com\n`,
    );
    // An unknown branch fails after the host took the credential.
    expect(
      (await bash(`git ${helper} clone -b nope https://github.com/octocat/.openhands.git nb`))
        .stderr,
    ).toContain('fatal: Remote branch nope not found in upstream origin');
  });

  it('has no credentials from a missing or empty store, another host’s line, or after a reset', async () => {
    const token = await secret('github_token');
    await upload('/tmp/none/empty', '');
    await upload('/tmp/none/gitlab', `https://oauth2:${token}@gitlab.com\n`);
    await upload('/tmp/none/good', `https://x-access-token:${token}@github.com\n`);
    const noUser =
      "fatal: could not read Username for 'https://github.com': No such device or address\n";
    for (const [index, helpers] of [
      "-c credential.helper='store --file=/tmp/none/missing'",
      "-c credential.helper='store --file=/tmp/none/empty'",
      "-c credential.helper='store --file=/tmp/none/gitlab'",
      "-c credential.helper='store --file=/tmp/none/good' -c credential.helper=",
      '-c credential.helper=store',
    ].entries()) {
      expect(
        await bash(
          `git ${helpers} clone https://github.com/octocat/.openhands.git none${index}`,
          '/tmp',
        ),
      ).toMatchObject({ exit_code: 128, stderr: `Cloning into 'none${index}'...\n${noUser}` });
    }
    // An empty value drops only the helpers before it.
    expect(
      (
        await bash(
          "git -c credential.helper= -c credential.helper='store --file=/tmp/none/good' clone https://github.com/octocat/.openhands.git after-reset",
          '/tmp',
        )
      ).exit_code,
    ).toBe(0);
  });

  it('refuses helpers, settings and options it does not simulate, plainly', async () => {
    const url = 'https://github.com/octocat/.openhands.git';
    for (const helper of [
      "'!f() { echo password=x; }; f'",
      'cache',
      '/usr/local/bin/helper',
      "'store --other'",
      "'store --file='",
    ]) {
      const answer = await bash(`git -c credential.helper=${helper} clone ${url} refused`);
      expect(answer.exit_code).toBe(128);
      expect(answer.stderr).toMatch(
        /^fatal: the local reference service does not simulate the credential helper '.*' \(only 'store', with or without --file\)\n$/,
      );
    }
    expect(await bash(`git -c user.name=x clone ${url} refused`)).toMatchObject({
      exit_code: 128,
      stderr: 'fatal: the local reference service does not simulate git -c user.name\n',
    });
    expect(await bash(`git -c credential.helper clone ${url} refused`)).toMatchObject({
      exit_code: 128,
      stderr: 'fatal: the local reference service does not simulate git -c credential.helper\n',
    });
    expect(
      await bash(`git clone --config credential.helper='store --file=/tmp/x' ${url} refused`),
    ).toMatchObject({
      exit_code: 128,
      stderr: 'fatal: the local reference service does not simulate git clone --config\n',
    });
    const usage = await bash('git -c');
    expect(usage.exit_code).toBe(129);
    expect(usage.stderr).toMatch(
      /^-c expects a configuration string\nusage: git \[-v \| --version\]/,
    );
    expect((await bash('test -d refused')).exit_code).toBe(1);
  });
});
