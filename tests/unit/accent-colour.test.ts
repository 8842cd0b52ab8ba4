import { describe, expect, it } from 'vitest';
import { accentProperties, contrastWithWhite, MIN_CONTRAST_ON_WHITE, shadeForWhiteText } from '../../src/common/page-blocks/accent-colour';

describe("the agenda colour as the programme's accent", () => {
  it('keeps a colour that already carries white text, in six lower-case digits', () => {
    expect(shadeForWhiteText('#0B3D91')).toBe('#0b3d91');
    expect(shadeForWhiteText('#000')).toBe('#000000');
  });

  it.each(['#ed162c', '#ffd400', '#7fdbff', '#ffffff', '#f90', '#2ecc40'])(
    'darkens %s to the lightest shade of its hue with white at 4.5:1 or more',
    (colour) => {
      const shade = shadeForWhiteText(colour);
      expect(contrastWithWhite(shade)).toBeGreaterThanOrEqual(MIN_CONTRAST_ON_WHITE);
      expect(contrastWithWhite(colour)).toBeLessThan(MIN_CONTRAST_ON_WHITE);
      // The same hue: each channel scaled by one factor (within rounding).
      const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
      const full = colour.length === 4 ? `#${[...colour.slice(1)].map((d) => d + d).join('')}` : colour;
      const [from, to] = [channels(full), channels(shade)];
      const factor = Math.max(...to) / Math.max(...from);
      from.forEach((c, i) => expect(Math.abs(to[i]! - c * factor)).toBeLessThanOrEqual(2));
      // The lightest such shade: one step lighter falls below AA.
      const lighter = `#${from
        .map((c) =>
          Math.min(255, Math.round(c * (factor + 0.02)))
            .toString(16)
            .padStart(2, '0'),
        )
        .join('')}`;
      expect(contrastWithWhite(lighter)).toBeLessThan(MIN_CONTRAST_ON_WHITE);
    },
  );

  it('measures contrast as WCAG does', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite('#767676')).toBeCloseTo(4.54, 2);
  });

  it('gives the programme both properties, and none for a value that is not a colour', () => {
    expect(accentProperties('#ED162C')).toEqual({ '--agenda-color': '#ed162c', '--agenda-color-strong': shadeForWhiteText('#ed162c') });
    expect(accentProperties('red; background: url(x)')).toEqual({});
    expect(accentProperties('')).toEqual({});
    expect(accentProperties(undefined)).toEqual({});
  });
});
