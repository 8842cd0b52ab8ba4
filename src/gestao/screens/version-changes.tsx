/**
 * What a version changed, field by field: the old value and the new, and for a text a word-by-word
 * difference (jsdiff), so that "who changed what" reads without opening two versions side by side.
 * A rich text is compared as the words a visitor reads, without its markup.
 */
import { Trans } from '@lingui/react/macro';
import { diffWords } from 'diff';
import { fieldText, type FieldValue, type RecordFields } from '../../common/gestao/record-schemas';

/** A value as words: an HTML field's text, a list's items, a number as written. */
function wordsOf(value: FieldValue | undefined): string {
  if (Array.isArray(value)) return value.map((item) => JSON.stringify(item)).join('; ');
  return fieldText(value)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Long enough that a word-by-word difference reads better than the whole old and new. */
const LONG_TEXT = 60;

/** `before` undefined: the value before is not kept (the record's first saved version): the new one alone. */
function Difference({ before, after }: { before: string | undefined; after: string }) {
  if (before === undefined) return after ? <ins>{after}</ins> : <Trans>(vazio)</Trans>;
  if (before.length < LONG_TEXT && after.length < LONG_TEXT)
    return (
      <>
        {before ? <del>{before}</del> : <Trans>(vazio)</Trans>} → {after ? <ins>{after}</ins> : <Trans>(vazio)</Trans>}
      </>
    );
  return (
    <span className="gestao-diff">
      {diffWords(before, after).map((part, index) =>
        part.added ? (
          <ins key={index}>{part.value}</ins>
        ) : part.removed ? (
          <del key={index}>{part.value}</del>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </span>
  );
}

export function VersionChanges({
  fields,
  previous,
  changed,
  labelOf,
}: {
  fields: RecordFields;
  /** The version before; undefined for the first saved (what it changed from is not kept). */
  previous: RecordFields | null | undefined;
  changed: readonly string[];
  labelOf: (field: string) => string;
}) {
  if (changed.length === 0) return null;
  return (
    <ul className="gestao-history__changes">
      {changed.map((field) => (
        <li key={field}>
          <span className="gestao-history__field">{labelOf(field)}:</span>{' '}
          <Difference
            before={previous === undefined ? undefined : previous === null ? '' : wordsOf(previous[field])}
            after={wordsOf(fields[field])}
          />
        </li>
      ))}
    </ul>
  );
}
