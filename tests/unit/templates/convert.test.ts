import { describe, expect, it } from 'vitest';
import { convertValue, isLossless, type FieldType } from '../../../engine/index.ts';

const T = {
  string: { type: 'string' },
  number: { type: 'number' },
  integer: { type: 'integer' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date' },
  dateTime: { type: 'string', format: 'date-time' },
  strings: { type: 'array', items: { type: 'string' } },
  numbers: { type: 'array', items: { type: 'number' } },
} satisfies Record<string, FieldType>;

describe('convertValue', () => {
  it.each([
    ['12', T.number, 12],
    [' -1.5e2 ', T.number, -150],
    [12, T.string, '12'],
    [3, T.integer, 3],
    [3, T.number, 3],
    ['7', T.integer, 7],
    [true, T.string, 'true'],
    ['false', T.boolean, false],
    ['x', T.strings, ['x']],
    ['2', T.numbers, [2]],
    [['only'], T.string, 'only'],
    [[], T.string, undefined],
    ['2024/3/5', T.date, '2024-03-05'],
    ['20240305', T.date, '2024-03-05'],
    ['2024-03-05T00:00:00.000Z', T.date, '2024-03-05'],
    ['2024-03-05', T.dateTime, '2024-03-05T00:00:00Z'],
    ['2024-03-05T08:00:00+08:00', T.dateTime, '2024-03-05T08:00:00+08:00'],
    [null, T.number, null],
  ] as const)('%j → %j gives %j', (value, to, expected) => {
    expect(convertValue(value, to)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['abc', T.number],
    ['', T.number],
    [1.5, T.integer],
    ['1.5', T.integer],
    ['yes', T.boolean],
    [1, T.boolean],
    [['a', 'b'], T.string],
    ['2024-02-30', T.date],
    ['05/03/2024', T.date],
    ['2024-03-05T10:00:00Z', T.date],
    [{ a: 1 }, T.string],
    [['x'], T.numbers],
  ] as const)('%j → %j does not convert', (value, to) => {
    expect(convertValue(value, to)).toEqual({ ok: false });
  });

  it('says which type changes always convert', () => {
    expect(isLossless(T.integer, T.number)).toBe(true);
    expect(isLossless(T.number, T.string)).toBe(true);
    expect(isLossless(T.boolean, T.string)).toBe(true);
    expect(isLossless(T.string, T.strings)).toBe(true);
    expect(isLossless(T.date, T.dateTime)).toBe(true);
    expect(isLossless(T.number, T.integer)).toBe(false);
    expect(isLossless(T.string, T.number)).toBe(false);
    expect(isLossless(T.strings, T.string)).toBe(false);
    expect(isLossless(T.dateTime, T.date)).toBe(false);
  });
});
