import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import {
  checkNewSecret,
  checkSecretEdit,
  nameProblemMessage,
  serverNameError,
} from './secrets-form';

const draft = (patch: Partial<Parameters<typeof checkNewSecret>[0]> = {}) => ({
  name: 'PYPI_TOKEN',
  value: 'pypi-s3cret',
  description: '',
  replace: false,
  ...patch,
});

describe('checkNewSecret', () => {
  it('sends the name trimmed, the value as typed and no description when none is given', () => {
    expect(checkNewSecret(draft({ name: ' PYPI_TOKEN ', value: ' v ' }), [], 'v1')).toEqual({
      ok: true,
      secret: { name: 'PYPI_TOKEN', value: ' v ', description: null },
      replacing: false,
    });
  });

  it('trims the description', () => {
    const result = checkNewSecret(draft({ description: '  For PyPI  ' }), [], 'v0');
    expect(result.ok && result.secret.description).toBe('For PyPI');
  });

  it('asks for a name and a value, both at once', () => {
    expect(checkNewSecret(draft({ name: '', value: '' }), [], 'v1')).toEqual({
      ok: false,
      errors: { name: 'Enter a name.', value: 'Enter the value.' },
    });
  });

  it.each([
    ['MY TOKEN', /cannot contain spaces/],
    ['1TOKEN', /not "1"/],
    ['MY-TOKEN', /"MY-TOKEN" cannot be an environment variable/],
  ])('refuses %j with a message in words', (name, message) => {
    const result = checkNewSecret(draft({ name }), [], 'v1');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.name).toMatch(message);
  });

  it('on a current server, asks before replacing the value of a secret of that name', () => {
    const refused = checkNewSecret(draft({ name: 'NPM_TOKEN' }), ['NPM_TOKEN'], 'v1');
    expect(!refused.ok && refused.errors.name).toMatch(/Tick the box below/);
    expect(
      checkNewSecret(draft({ name: 'NPM_TOKEN', replace: true }), ['NPM_TOKEN'], 'v1'),
    ).toEqual({
      ok: true,
      // Left out, so the server keeps the description it has.
      secret: { name: 'NPM_TOKEN', value: 'pypi-s3cret' },
      replacing: true,
    });
    const described = checkNewSecret(
      draft({ name: 'NPM_TOKEN', replace: true, description: 'New words' }),
      ['NPM_TOKEN'],
      'v1',
    );
    expect(described.ok && described.secret.description).toBe('New words');
  });

  it('on a legacy server, a name in use cannot be replaced, ticked or not', () => {
    const result = checkNewSecret(draft({ name: 'NPM_TOKEN', replace: true }), ['NPM_TOKEN'], 'v0');
    expect(!result.ok && result.errors.name).toMatch(/delete that one first/);
  });
});

describe('checkSecretEdit', () => {
  const names = ['NPM_TOKEN', 'PYPI_TOKEN'];

  it('keeps its own name, and clears an empty description', () => {
    expect(checkSecretEdit({ name: 'NPM_TOKEN', description: ' ' }, 'NPM_TOKEN', names)).toEqual({
      ok: true,
      change: { name: 'NPM_TOKEN', description: null },
    });
  });

  it('renames', () => {
    expect(checkSecretEdit({ name: 'NPM_PUBLISH', description: 'x' }, 'NPM_TOKEN', names)).toEqual({
      ok: true,
      change: { name: 'NPM_PUBLISH', description: 'x' },
    });
  });

  it('refuses the name of another secret, and bad names', () => {
    expect(checkSecretEdit({ name: 'PYPI_TOKEN', description: '' }, 'NPM_TOKEN', names)).toEqual({
      ok: false,
      errors: { name: 'Another secret is named PYPI_TOKEN already: choose another name.' },
    });
    expect(checkSecretEdit({ name: '', description: '' }, 'NPM_TOKEN', names)).toEqual({
      ok: false,
      errors: { name: 'Enter a name.' },
    });
  });
});

describe('serverNameError', () => {
  it('takes the server’s own message for the name field', () => {
    const error = new ApiError('validation', 'The server refused the request', {
      status: 422,
      fieldErrors: [
        { loc: ['body', 'name'], field: 'name', msg: 'Value error, bad name', type: 'value_error' },
      ],
    });
    expect(serverNameError(error, 'X', 'add-v1')).toBe('Value error, bad name');
  });

  it('turns "already exists" into words about the name', () => {
    const error = new ApiError('bad-request', 'Refused', {
      status: 400,
      serverMessage: 'Secret NPM_TOKEN already exists',
    });
    expect(serverNameError(error, 'NPM_TOKEN', 'rename')).toBe(
      nameProblemMessage('taken', 'NPM_TOKEN', 'rename'),
    );
  });

  it('leaves other failures to the section', () => {
    expect(
      serverNameError(new ApiError('network', 'Could not reach the server'), 'X', 'add-v1'),
    ).toBeUndefined();
  });
});

describe('on an agent server', () => {
  it('applies its naming rules, in words that say what to type instead', () => {
    const first = checkNewSecret(draft({ name: '_PRIVATE' }), [], 'agent');
    expect(first.ok ? null : first.errors.name).toMatch(/starts with a letter, not "_"/);
    const long = checkNewSecret(draft({ name: `T${'x'.repeat(64)}` }), [], 'agent');
    expect(long.ok ? null : long.errors.name).toMatch(/at most 64 characters.*this one has 65/);
  });

  it('replaces the value of a listed secret once the person agreed, as a 1.7+ server does', () => {
    const asked = checkNewSecret(draft({ name: 'github_token' }), ['github_token'], 'agent');
    expect(asked.ok ? null : asked.errors.name).toMatch(/Tick the box below/);
    expect(
      checkNewSecret(draft({ name: 'github_token', replace: true }), ['github_token'], 'agent'),
    ).toEqual({
      ok: true,
      secret: { name: 'github_token', value: 'pypi-s3cret' },
      replacing: true,
    });
  });

  it('puts its refusal of a name next to the name field', () => {
    const refusal = new ApiError('validation', 'The server refused it', {
      status: 422,
      serverMessage:
        'Invalid secret name format. Must start with a letter, contain only letters, numbers, and underscores, and be 1-64 characters long.',
    });
    expect(serverNameError(refusal, 'x', 'add-agent')).toMatch(/^Invalid secret name format/);
    const other = new ApiError('validation', 'Settings validation failed', { status: 422 });
    expect(serverNameError(other, 'x', 'add-agent')).toBeUndefined();
  });
});
