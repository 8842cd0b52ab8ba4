/**
 * The festival's agenda colour (settings, `homeprefs.agendaColor`) as the accent of the chosen
 * city and day. Small white text sits on that accent, so where white on the colour would fall
 * below WCAG AA (4.5:1) the background is a darker shade of the same hue, derived here, instead of
 * a fixed red: staff choose the colour, and any colour they choose stays legible.
 */

/** WCAG AA for normal text. */
export const MIN_CONTRAST_ON_WHITE = 4.5;

const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Whether a settings value is a colour this module reads ("#e21" or "#ed162c"). */
export const isHexColour = (value: string): boolean => HEX_COLOUR.test(value);

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as unknown as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of white text on a colour. */
export const contrastWithWhite = (hex: string): number => 1.05 / (luminance(parseHex(hex)) + 0.05);

/**
 * The background for white text in the accent's hue: the colour itself (lower-cased, six digits)
 * when white on it reaches 4.5:1, otherwise the lightest shade towards black that does.
 */
export function shadeForWhiteText(hex: string): string {
  const rgb = parseHex(hex);
  for (let step = 0; step <= 100; step += 1) {
    const shade = rgb.map((c) => Math.round(c * (1 - step / 100))) as unknown as Rgb;
    if (1.05 / (luminance(shade) + 0.05) >= MIN_CONTRAST_ON_WHITE) return toHex(shade);
  }
  return '#000000';
}

/** The custom properties the programme block takes from the settings' colour; none for a value that is not a colour. */
export function accentProperties(agendaColor: string | undefined): Record<string, string> {
  if (!agendaColor || !isHexColour(agendaColor)) return {};
  return { '--agenda-color': toHex(parseHex(agendaColor)), '--agenda-color-strong': shadeForWhiteText(agendaColor) };
}
