import { describe, expect, it } from 'vitest';
import { checkInput, MAX_VALUES } from '../../../server/http/input-guard.ts';
import { fileRefsIn } from '../../../server/files/file-refs.ts';
import { ApiError } from '../../../server/http/errors.ts';

const refusal = (value: unknown): { code: string; field: string | undefined } => {
  try {
    checkInput(value, 'body');
  } catch (e) {
    if (e instanceof ApiError) return { code: e.code, field: e.errors?.[0]?.field };
    throw e;
  }
  throw new Error('accepted');
};

describe('input guard and file references name fields in the field-path spelling', () => {
  it('names a bad value by its path: dotted with list indexes as keys, a JSON pointer for keys a dot cannot spell', () => {
    expect(refusal({ doc: { samples: [{ note: 'a\u0000b' }] } })).toEqual({ code: 'BAD_TEXT', field: 'doc.samples.0.note' });
    expect(refusal({ doc: { 'a.b': [1, Infinity] } })).toEqual({ code: 'BAD_NUMBER', field: '/doc/a.b/1' });
    expect(refusal({ doc: { $type: 'lone \ud800' } })).toEqual({ code: 'BAD_TEXT', field: 'doc.$type' });
  });

  it('names a key the database cannot store by the object holding it, the part for a top-level one', () => {
    expect(refusal({ doc: { ['k\u0000']: 1 } })).toEqual({ code: 'BAD_TEXT', field: 'doc' });
    expect(refusal({ ['k\u0000']: 1 })).toEqual({ code: 'BAD_TEXT', field: 'body' });
  });

  it('refuses the same in a flat object of strings (parameters, a query string), which skips the walk when all is storable', () => {
    expect(refusal({ entity: 'trf', id: 'a\u0000b' })).toEqual({ code: 'BAD_TEXT', field: 'id' });
    expect(refusal({ ['k\ud800']: 'v' })).toEqual({ code: 'BAD_TEXT', field: 'body' });
    const many = Object.fromEntries(Array.from({ length: MAX_VALUES }, (_, i) => [`k${i}`, 'v']));
    expect(refusal(many).code).toBe('TOO_LARGE_DOC');
    delete many.k0;
    expect(() => checkInput(many, 'query')).not.toThrow();
    expect(() => checkInput(Object.assign(Object.create(null), { entity: 'trf', id: 'TRF-1' }), 'params')).not.toThrow();
  });

  it('accepts what the database can store', () => {
    expect(() => checkInput({ doc: { 'with space': ['x', 1.5, null, true], 名称: '中文' } }, 'body')).not.toThrow();
  });

  it('gives each file reference its field path', () => {
    const doc = { attachments: [{ fileId: 'f1' }], '/x': { y: [{ fileId: 'f2' }] } };
    expect(fileRefsIn(doc)).toEqual([
      { fileId: 'f1', path: 'attachments.0.fileId' },
      { fileId: 'f2', path: '/~1x/y/0/fileId' },
    ]);
  });
});
