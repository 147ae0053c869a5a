import { describe, expect, it } from 'vitest';
import { clockText, durationText, parseDuration } from '../../src/features/rundown/duration';

describe('a scene duration as typed (issue 25)', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['5', 300_000],
    ['1:30', 90_000],
    ['0:45', 45_000],
    ['1:00:00', 3_600_000],
    ['2:05:09', 7_509_000],
    ['1:75', undefined],
    ['abc', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['1:2:3:4', undefined],
  ])('%j reads as %s', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each([
    [0, '0:00'],
    [59_999, '0:59'],
    [90_000, '1:30'],
    [3_600_000, '1:00:00'],
    [-61_000, '-1:01'],
    [-500, '0:00'],
  ])('clockText(%i) is %s', (ms, text) => expect(clockText(ms)).toBe(text));

  it('the field shows a duration as it would be typed, and nothing for none', () => {
    expect(durationText(300_000)).toBe('5:00');
    expect(parseDuration(durationText(300_000))).toBe(300_000);
    expect(durationText(null)).toBe('');
  });
});
