/**
 * The visitor's words live in the catalogs (src/common/i18n/catalogs): a Portuguese text written in
 * the public side's code, outside a Lingui message, is a page that English and Italian visitors would
 * read in Portuguese. Found by the code's syntax tree: string literals, templates, JSX text and
 * attributes, unless they are a message's source text (`<Trans>`, `t`, `msg`, a descriptor's
 * `message`) or words only a developer reads (console, thrown errors). The back office's words
 * live in a catalog of their own (lingui.gestao.config.ts), held to the same rule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const SCANNED = ['src', 'sw'];
/**
 * Not anyone's words: the catalogs themselves, and the APIs' contracts (src/common/api/ and the
 * back office's endpoints: OpenAPI descriptions and parameter errors, read by developers, in pt-PT
 * like the rest of the API's documentation).
 */
const NOT_WORDS = [/^src\/common\/i18n\/catalogs\//, /^src\/common\/api\//, /^src\/common\/gestao\/api\/gestao-endpoints\.ts$/, /\.d\.ts$/];
/** The back office's code: its words are in its own catalog, checked apart. */
const BACK_OFFICE = [/^src\/gestao\//, /^src\/common\/gestao\//];

/** Portuguese letters, or a phrase with Portuguese function words. */
const PORTUGUESE = /[ãõçáéíóúâêôàÃÕÇÁÉÍÓÚÂÊÔÀ]|\b(?:de|do|da|dos|das|para|com|uma|sem|por|na|no|nas|nos|ao|à|e|ou|se|mais|ver)\s+\p{L}/iu;
/**
 * Properties of the back office's collections whose texts are nobody's words in its interface (the
 * public side has none of them, and a `description` there is a page's): what the APIs' documents say of a
 * schema or a field, read by developers (OpenAPI `description`s of the back office's requests and
 * answers, a field's `visitors`, the public API's words for it) and the values they list (`enum`);
 * the other headers a spreadsheet's column may have, matched and never shown (`aliases`); and a new
 * record's first content (`start`: a film's country, in the content's language like the rest of it).
 */
const NOT_WORDS_PROPERTIES = new Set(['description', 'visitors', 'enum', 'aliases', 'start']);
/** Keys of the back office's API that happen to be Portuguese words: a spreadsheet row's state, never shown as such (rowStateLabel says it). */
const BACK_OFFICE_KEYS = new Set(['sem alterações']);
const MACRO_TAGS = new Set(['t', 'msg', 'defineMessage']);
const MESSAGE_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);
const VISIBLE_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'label']);

/**
 * Files of the public side whose Portuguese is not a visitor's message, each with the reason. A file
 * here with no Portuguese left fails the test until it is taken off.
 */
const ALLOWED = new Map<string, string>([
  ['src/common/i18n/locales.ts', "each language named in its own words (the switch, the home page's offer)"],
  ['src/common/time/calendar-names.ts', "the spec's pt-PT day and month names, the pt-PT side beside Intl's"],
  ['src/common/constants.ts', "the festival's name, the same in every language; the pt-PT section names the addresses carry"],
  ['src/common/push/push-subscription-schema.ts', "the push API's checks of a subscription, answered to the browser's code, never shown"],
]);

function files(dir: string, outside: RegExp[]): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return files(path, outside);
    return /\.(ts|tsx)$/.test(entry.name) && !outside.some((pattern) => pattern.test(path)) ? [path] : [];
  });
}

function isExempt(node: ts.Node, notWords: ReadonlySet<string> = new Set()): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isTaggedTemplateExpression(at) && ts.isIdentifier(at.tag) && MACRO_TAGS.has(at.tag.text)) return true;
    if (ts.isCallExpression(at)) {
      const callee = at.expression;
      if (ts.isIdentifier(callee) && MACRO_TAGS.has(callee.text)) return true;
      if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'console') return true;
    }
    if (ts.isNewExpression(at) && ts.isIdentifier(at.expression) && at.expression.text.endsWith('Error')) return true;
    if (ts.isCallExpression(at) && at.expression.kind === ts.SyntaxKind.SuperKeyword) return true;
    if ((ts.isJsxElement(at) || ts.isJsxSelfClosingElement(at)) && MESSAGE_ELEMENTS.has(tagName(at))) return true;
    if (ts.isPropertyAssignment(at) && ts.isIdentifier(at.name) && at.name.text === 'message') return true;
    if (ts.isPropertyAssignment(at) && ts.isIdentifier(at.name) && notWords.has(at.name.text)) return true;
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at)) return true;
  }
  return false;
}

const tagName = (element: ts.JsxElement | ts.JsxSelfClosingElement) =>
  (ts.isJsxElement(element) ? element.openingElement.tagName : element.tagName).getText();

/** The Portuguese texts of a file that a visitor could read, with their line numbers. */
function portugueseTexts(path: string): string[] {
  const notWords = BACK_OFFICE.some((pattern) => pattern.test(path)) ? NOT_WORDS_PROPERTIES : undefined;
  const source = ts.createSourceFile(
    path,
    readFileSync(join(ROOT, path), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let text: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
    else if (ts.isJsxText(node)) text = node.text.trim();
    if (text && ts.isStringLiteral(node) && ts.isJsxAttribute(node.parent) && !VISIBLE_ATTRIBUTES.has(node.parent.name.getText()))
      text = null;
    if (text && notWords && BACK_OFFICE_KEYS.has(text)) text = null;
    if (text && PORTUGUESE.test(text) && !isExempt(node, notWords)) {
      found.push(`${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.slice(0, 60)}`);
    }
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
    else node.templateSpans.forEach((span) => visit(span.expression));
  };
  visit(source);
  return found;
}

describe("the back office's words", () => {
  const scanned = ['src/gestao', 'src/common/gestao'].flatMap((dir) => files(dir, NOT_WORDS));

  it('are in its catalog, not written in the code', () => {
    expect(scanned.length).toBeGreaterThan(50);
    expect(scanned.flatMap(portugueseTexts)).toEqual([]);
  });
});

describe("the public side's words", () => {
  const scanned = SCANNED.flatMap((dir) => files(dir, [...NOT_WORDS, ...BACK_OFFICE]));

  it('are in the catalogs, not written in the code', () => {
    expect(scanned.length).toBeGreaterThan(100);
    const written = scanned.filter((path) => !ALLOWED.has(path)).flatMap(portugueseTexts);
    expect(written).toEqual([]);
  });

  it('allow Portuguese only where a file still has some, for its reason', () => {
    const done = [...ALLOWED.keys()].filter((path) => !scanned.includes(path) || portugueseTexts(path).length === 0);
    expect(done).toEqual([]);
  });

  it('finds a Portuguese text written in the code, and lets a message through', () => {
    const probe = (code: string) => {
      const source = ts.createSourceFile('probe.tsx', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
      const hits: string[] = [];
      const visit = (node: ts.Node) => {
        if ((ts.isStringLiteral(node) || ts.isJsxText(node)) && PORTUGUESE.test(node.getText()) && !isExempt(node))
          hits.push(node.getText().trim());
        ts.forEachChild(node, visit);
      };
      visit(source);
      return hits;
    };
    expect(probe('const a = <p>Sessão esgotada</p>;')).toEqual(['Sessão esgotada']);
    expect(probe('const a = <p title="Ver mais filmes">x</p>;')).toEqual(['"Ver mais filmes"']);
    expect(probe('const a = <p><Trans>Sessão esgotada</Trans></p>;')).toEqual([]);
    expect(probe("const a = t`Sessão esgotada`; const b = { id: 'x', message: 'Sessão esgotada' };")).toEqual([]);
  });
});
