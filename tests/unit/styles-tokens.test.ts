/**
 * The design tokens are the one place for colours and spacing: a literal that comes back in a
 * component's stylesheet would drift from the palette or the rhythm unnoticed. And a stylesheet
 * beside a component is only in the app's one CSS file if that component imports it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src', import.meta.url));
const tokens = join(src, 'styles', 'tokens.css');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Declarations with their line numbers; comments blanked first so that prose may name a colour. */
function declarations(css: string): { line: number; prop: string; value: string }[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const found: { line: number; prop: string; value: string }[] = [];
  for (const match of text.matchAll(/([-a-z]+)\s*:\s*([^;{}]+);/g)) {
    const line = text.slice(0, match.index).split('\n').length;
    found.push({ line, prop: match[1]!, value: match[2]!.replace(/\s+/g, ' ').trim() });
  }
  return found;
}

const NAMED_COLOURS =
  /\b(white|black|red|green|blue|yellow|orange|purple|pink|gray|grey|silver|maroon|navy|teal|olive|lime|aqua|fuchsia|gold|brown)\b/i;

/** A colour written out: hex, a colour function, or a named colour (transparent, currentColor, inherit are fine). */
export function colourLiteral(prop: string, value: string): string | null {
  if (prop.startsWith('--')) return null;
  // Token names (var(--white)) are references, not literals.
  const withoutUrls = value.replace(/url\([^)]*\)/g, '').replace(/--[\w-]+/g, '');
  const hex = /#[0-9a-f]{3,8}\b/i.exec(withoutUrls);
  if (hex) return hex[0];
  const fn = /\b(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/i.exec(withoutUrls);
  if (fn) return fn[0];
  if (/color|background|border|outline|shadow|fill|stroke|caret|decoration/.test(prop)) {
    const named = NAMED_COLOURS.exec(withoutUrls);
    if (named) return named[0];
  }
  return null;
}

/** A length in margin, padding or gap not taken from a token (0 and a 1px hairline are fine). */
export function spacingLiteral(prop: string, value: string): string | null {
  if (!/^(margin|padding|gap|row-gap|column-gap)(-|$)/.test(prop)) return null;
  for (const match of value.matchAll(/(?<![-\w.])-?(\d*\.?\d+)(px|rem|em|ch|vw|vh)\b/g)) {
    if (match[2] === 'px' && Number(match[1]) === 1) continue;
    if (Number(match[1]) === 0) continue;
    return match[0];
  }
  return null;
}

const sheets = cssFiles(src).filter((file) => file !== tokens);

describe('stylesheets', () => {
  it('tokens.css and base.css exist and other stylesheets sit beside components', () => {
    expect(existsSync(tokens)).toBe(true);
    expect(sheets.map((file) => relative(src, file))).toContain(join('styles', 'base.css'));
  });

  it.each(sheets.map((file) => [relative(src, file), file]))('%s has no colour or spacing literal', (_name, file) => {
    const problems = declarations(readFileSync(file, 'utf8')).flatMap(({ line, prop, value }) => {
      const literal = colourLiteral(prop, value) ?? spacingLiteral(prop, value);
      return literal ? [`line ${line}: ${prop}: ${value} (${literal})`] : [];
    });
    expect(problems).toEqual([]);
  });

  it.each(sheets.filter((file) => basename(dirname(file)) !== 'styles').map((file) => [relative(src, file), file]))(
    '%s is imported by the component beside it',
    (_name, file) => {
      const component = file.replace(/\.css$/, '.tsx');
      expect(existsSync(component)).toBe(true);
      expect(readFileSync(component, 'utf8')).toContain(`import './${basename(file)}';`);
    },
  );

  it('entry-client imports the tokens and the base once', () => {
    const entry = readFileSync(join(src, 'shell/entry-client.tsx'), 'utf8');
    expect(entry.match(/import '\.\.\/styles\/tokens\.css';/g)).toHaveLength(1);
    expect(entry.match(/import '\.\.\/styles\/base\.css';/g)).toHaveLength(1);
    expect(
      cssFiles(join(src, 'styles'))
        .map((file) => basename(file))
        .sort(),
    ).toEqual(['base.css', 'tokens.css']);
  });

  it('finds the literals it is meant to refuse', () => {
    expect(colourLiteral('color', '#fff')).toBe('#fff');
    expect(colourLiteral('box-shadow', '0 2px 4px rgb(0 0 0 / 0.4)')).toBe('rgb(');
    expect(colourLiteral('background', 'white')).toBe('white');
    expect(colourLiteral('white-space', 'nowrap')).toBeNull();
    expect(colourLiteral('border-color', 'currentColor')).toBeNull();
    expect(colourLiteral('color', 'var(--white)')).toBeNull();
    expect(spacingLiteral('padding', '0 12px')).toBe('12px');
    expect(spacingLiteral('margin-top', '-0.2em')).toBe('-0.2em');
    expect(spacingLiteral('gap', 'var(--s-2) 1.5rem')).toBe('1.5rem');
    expect(spacingLiteral('margin', '-1px')).toBeNull();
    expect(spacingLiteral('padding', 'calc(var(--gutter) + var(--s-4))')).toBeNull();
    expect(spacingLiteral('width', '12px')).toBeNull();
  });
});
