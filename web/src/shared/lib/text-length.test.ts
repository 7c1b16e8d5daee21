import { describe, expect, it } from 'vitest';
import { fitEdit, measure } from './text-length.ts';

const cup = '🏆'; // one code point, two UTF-16 units

describe('measure', () => {
  it('counts code points, as the server does, or bytes of UTF-8', () => {
    expect(measure('abc', 5)).toBe(3);
    expect(measure(`я${cup}${cup}`, 5)).toBe(3);
    expect(measure('ivan', { bytes: 5 })).toBe(4);
    expect(measure('иван', { bytes: 5 })).toBe(8);
    expect(measure(cup, { bytes: 5 })).toBe(4);
  });
});

describe('fitEdit', () => {
  it('keeps an edit that fits, whatever UTF-16 units it takes', () => {
    expect(fitEdit('', cup.repeat(5), 5)).toEqual({ value: cup.repeat(5), caret: -1, cut: false });
  });

  it('cuts what was pasted at the end to the limit, never inside a code point', () => {
    expect(fitEdit('ab', `ab${cup}${cup}${cup}${cup}`, 5)).toEqual({ value: `ab${cup}${cup}${cup}`, caret: 8, cut: true });
    expect(fitEdit('', 'x'.repeat(300), 120).value).toBe('x'.repeat(120));
  });

  it('cuts what was inserted in the middle and keeps the rest of the text', () => {
    const r = fitEdit('abcd', 'ab123456cd', 6);
    expect(r).toEqual({ value: 'ab12cd', caret: 4, cut: true });
  });

  it('keeps nothing of an insertion when the text is full', () => {
    expect(fitEdit('abcde', 'abXcde', 5)).toEqual({ value: 'abcde', caret: 2, cut: true });
  });

  it('replaces a selection with as much as fits', () => {
    // "bc" selected in "abcde" and replaced by a paste of "123".
    expect(fitEdit('abcde', 'a123de', 5)).toEqual({ value: 'a12de', caret: 3, cut: true });
  });

  it('never splits a pair inserted next to the same surrogate', () => {
    const r = fitEdit(`a${cup}`, `a${cup}${cup}`, 2);
    expect(r.value).toBe(`a${cup}`);
    expect(r.value.isWellFormed()).toBe(true);
  });

  it('lets a text already over the limit be shortened', () => {
    expect(fitEdit('abcdefg', 'abcdef', 5)).toEqual({ value: 'abcdef', caret: -1, cut: false });
  });

  it('counts bytes for byte limits', () => {
    expect(fitEdit('', 'иванов', { bytes: 5 }).value).toBe('ив');
  });
});
