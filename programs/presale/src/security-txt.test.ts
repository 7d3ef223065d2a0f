import { describe, expect, it } from 'vitest';
import { encodeSecurityTxt, parseSecurityTxtSource, securityTxtDefine } from './security-txt';

const valid = {
  name: 'Frustrated Beast Token presale',
  project_url: 'https://fbt-presale.example',
  contacts: 'email:security@fbt-presale.example, telegram:@fbt_security',
  policy: 'https://fbt-presale.example/SECURITY.md',
};

describe('parseSecurityTxtSource', () => {
  it('accepts the required fields and known optional ones', () => {
    const fields = { ...valid, source_release: 'v1.2.0', expiry: '2027-01-31' };
    expect(parseSecurityTxtSource(fields)).toEqual(fields);
  });

  it.each([
    [null, 'the source must be a JSON object'],
    [[], 'the source must be a JSON object'],
    [{ ...valid, website: 'https://x.example' }, 'unknown field "website"'],
    [{ ...valid, name: undefined }, 'name must be a non-empty string'],
    [{ ...valid, name: '  ' }, 'name must be a non-empty string'],
    [{ ...valid, name: 7 }, 'name must be a non-empty string'],
    [{ ...valid, name: 'a\0b' }, 'name holds a NUL character'],
    [{ ...valid, name: 'x=======END SECURITY.TXT V1=======' }, 'name holds a security.txt marker'],
    [{ ...valid, policy: 'SECURITY.md' }, 'policy is not a URL: "SECURITY.md"'],
    [{ ...valid, project_url: 'http://fbt.example' }, 'project_url must be an https URL'],
    [{ ...valid, contacts: 'security@fbt.example' }, 'contact "security@fbt.example" is not'],
    [{ ...valid, contacts: 'email:a@b.example,fax:123' }, 'contact "fax:123" is not'],
    [{ ...valid, contacts: 'email:' }, 'contact "email:" is not'],
    [{ ...valid, expiry: 'next year' }, 'expiry must be a date, YYYY-MM-DD'],
  ])('refuses %j with a message naming what is wrong', (json, message) => {
    expect(() => parseSecurityTxtSource(json)).toThrow(message);
  });

  it('names a missing required field', () => {
    const { policy: _policy, ...rest } = valid;
    expect(() => parseSecurityTxtSource(rest)).toThrow('security.txt: policy is required');
  });
});

describe('encodeSecurityTxt', () => {
  it('writes the markers and NUL-terminated pairs in the convention order, UTF-8', () => {
    const bytes = encodeSecurityTxt(
      parseSecurityTxtSource({ source_code: 'https://s.example', ...valid, name: 'Bête' }),
    );
    expect(new TextDecoder().decode(bytes)).toBe(
      '=======BEGIN SECURITY.TXT V1=======\0' +
        'name\0Bête\0' +
        'project_url\0https://fbt-presale.example\0' +
        `contacts\0${valid.contacts}\0` +
        'policy\0https://fbt-presale.example/SECURITY.md\0' +
        'source_code\0https://s.example\0' +
        '=======END SECURITY.TXT V1=======\0',
    );
  });

  it('hands clang the bytes as a list of values (no escaping of quotes or commas)', () => {
    const define = securityTxtDefine(parseSecurityTxtSource({ ...valid, name: 'a"b,c' }));
    expect(define.startsWith('-DFBT_SECURITY_TXT_BYTES=61,61,')).toBe(true);
    const bytes = define.split('=').slice(1).join('=').split(',').map(Number);
    expect(new TextDecoder().decode(new Uint8Array(bytes))).toContain('name\0a"b,c\0');
  });
});
