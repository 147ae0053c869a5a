/** The one initials rule (avatars, cards, muted tiles, name tags): titles and suffixes are not initials. */
import { describe, expect, it } from 'vitest';
import { initialsOf } from '../../../compositor/layout/initials';

describe('initialsOf', () => {
  it.each([
    ['Dr. Siobhan Walsh-Fitzgerald', 'SW'],
    ['Siobhan Walsh-Fitzgerald', 'SW'],
    ['dr siobhan walsh', 'SW'],
    ['Mr. Lukas Becker', 'LB'],
    ['Mrs Amara Okafor', 'AO'],
    ['Ms. Camila Reyes', 'CR'],
    ['Prof. Dr. Rajesh Iyer', 'RI'],
    ['Martin Luther King Jr.', 'MK'],
    ['Rajesh Iyer, PhD', 'RI'],
    ['Cher', 'C'],
    ['  cher  ', 'C'],
    ['Dr.', 'D'],
    ['Dr. Who', 'W'],
    ['Zoë Ångström', 'ZÅ'],
    ['Zoe\u0308 Ångström', 'ZÅ'],
    ['émile zola', 'ÉZ'],
    ['Łukasz Żółw', 'ŁŻ'],
    ['Дмитрий Иванов', 'ДИ'],
    ['Jean-Paul van der Berg', 'JB'],
    ['Grace O’Neill', 'GO'],
    ['Guest 3', 'G3'],
    ['🎉 Party', 'P'],
    ['', '?'],
    ['   ', '?'],
  ])('%j → %j', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });

  it('gives one initial when asked for one (the Q&A avatar)', () => {
    expect(initialsOf('Dr. Siobhan Walsh-Fitzgerald', 1)).toBe('S');
    expect(initialsOf('', 1)).toBe('?');
  });
});
