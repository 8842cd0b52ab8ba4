/**
 * Filling in a path pattern, the one way for the API's paths (src/common/api/api-path.ts) and the
 * site's page addresses (src/common/addresses/page-paths.ts): `:name` is a parameter, `/:name?` one that may
 * be left out (with its slash), and a trailing `*` the rest of the path. Every value is
 * URI-encoded; the rest of the path keeps its slashes between encoded segments.
 */
export type PatternValues = Record<string, string | number | null | undefined>;

const encodeRest = (value: string) => value.replace(/\/$/, '').split('/').map(encodeURIComponent).join('/');

export function fillPattern(pattern: string, values: PatternValues): string {
  const text = (name: string) => String(values[name] ?? '');
  return pattern
    .replace(/\/:([A-Za-z_]+)\?/g, (_, name: string) => (text(name) === '' ? '' : `/${encodeURIComponent(text(name))}`))
    .replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(text(name)))
    .replace(/\*$/, () => encodeRest(text('*')));
}
