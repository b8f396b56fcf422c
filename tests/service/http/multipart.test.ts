import { describe, expect, it } from 'vitest';
import {
  type FormFile,
  lastValue,
  MultiPartException,
  MultipartParseError,
  parseMultipart,
  parseOptionsHeader,
  readForm,
} from './multipart';

const type = (boundary = 'XyZ') => `multipart/form-data; boundary=${boundary}`;
const body = (...lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

describe('parseOptionsHeader', () => {
  it('lower-cases the value, unquotes parameters and keeps `;` inside quotes', () => {
    expect(parseOptionsHeader('Multipart/Form-Data')).toEqual({
      value: 'multipart/form-data',
      options: {},
    });
    expect(
      parseOptionsHeader('form-data; NAME="file"; filename="a;b \\"c\\".txt"; filename*=x'),
    ).toEqual({ value: 'form-data', options: { name: 'file', filename: 'a;b "c".txt' } });
    expect(parseOptionsHeader('form-data; name=f; filename="C:\\dir\\creds"').options).toEqual({
      name: 'f',
      filename: 'creds',
    });
    expect(parseOptionsHeader(undefined)).toEqual({ value: '', options: {} });
  });
});

describe('parseMultipart', () => {
  it('reads files and text fields in order, the way Starlette hands them on', () => {
    const items = parseMultipart(
      body(
        '--XyZ',
        'Content-Disposition: form-data; name="note"',
        '',
        'héllo',
        '--XyZ',
        'Content-Disposition: form-data; name="file"; filename="creds.txt"',
        'Content-Type: text/plain',
        '',
        'line one\r\nline two\r\n',
        '--XyZ--',
        'epilogue is ignored',
      ),
      type(),
    );
    expect(items).toEqual([
      ['note', 'héllo'],
      [
        'file',
        {
          filename: 'creds.txt',
          contentType: 'text/plain',
          data: Buffer.from('line one\r\nline two\r\n'),
        },
      ],
    ]);
  });

  it('keeps data that only looks like a delimiter, and a quoted boundary', () => {
    const [[, file]] = parseMultipart(
      body(
        '',
        '--a b',
        'Content-Disposition: form-data; name="file"; filename=""',
        '',
        'x\r\n--a bc\r\n--a b-x',
        '--a b--',
      ),
      'multipart/form-data; boundary="a b"',
    ) as [[string, FormFile]];
    expect(file.filename).toBe('');
    expect(file.data.toString()).toBe('x\r\n--a bc\r\n--a b-x');
  });

  it('drops a part whose closing delimiter never comes (finalize checks nothing)', () => {
    expect(
      parseMultipart(
        body('--XyZ', 'Content-Disposition: form-data; name="file"; filename="f"', '', 'cut off'),
        type(),
      ),
    ).toEqual([]);
    expect(parseMultipart(Buffer.from(''), type())).toEqual([]);
    expect(parseMultipart(Buffer.from('--XyZ--'), type())).toEqual([]);
  });

  it('raises Starlette’s own errors for a missing boundary, name or size limit', () => {
    expect(() => parseMultipart(Buffer.from('--x--'), 'multipart/form-data')).toThrow(
      new MultiPartException('Missing boundary in multipart.'),
    );
    expect(() =>
      parseMultipart(body('--XyZ', 'Content-Disposition: form-data', '', 'v', '--XyZ--'), type()),
    ).toThrow(
      new MultiPartException('The Content-Disposition header field "name" must be provided.'),
    );
    expect(() =>
      parseMultipart(
        body(
          '--XyZ',
          'Content-Disposition: form-data; name="big"',
          '',
          'x'.repeat(1024 * 1024 + 1),
          '--XyZ--',
        ),
        type(),
      ),
    ).toThrow(new MultiPartException('Part exceeded maximum size of 1024KB.'));
  });

  it('raises a parse error for a body that is not multipart', () => {
    expect(() => parseMultipart(Buffer.from('{"file": 1}'), type())).toThrow(MultipartParseError);
    expect(() => parseMultipart(Buffer.from('--XyZ\n'), type())).toThrow(MultipartParseError);
    expect(() =>
      parseMultipart(body('--XyZ', 'Bad Header: x', '', 'v', '--XyZ--'), type()),
    ).toThrow(MultipartParseError);
  });
});

describe('readForm', () => {
  it('reads multipart and urlencoded bodies; any other type is an empty form', () => {
    expect(
      readForm('application/x-www-form-urlencoded', Buffer.from('file=a+b%21&x=%C3%A9')),
    ).toEqual([
      ['file', 'a b!'],
      ['x', 'é'],
    ]);
    expect(readForm('application/json', Buffer.from('{"file":"x"}'))).toEqual([]);
    expect(readForm(undefined, Buffer.from('anything'))).toEqual([]);
  });

  it('answers the last value of a repeated field, as FormData.get does', () => {
    expect(
      lastValue(
        [
          ['file', 'a'],
          ['other', 'b'],
          ['file', 'c'],
        ],
        'file',
      ),
    ).toBe('c');
    expect(lastValue([], 'file')).toBeUndefined();
  });
});
