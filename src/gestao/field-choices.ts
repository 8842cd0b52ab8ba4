/**
 * What a choice field offers: its collection's fixed choices, or the records the server lists
 * (GET /gestao/api/options), some by the form's other values (a menu's top entries), with "none"
 * (0) first where the field has it. The record form and a list's items read it alike.
 */
import type { Choice, FieldKind, OptionList } from '../common/gestao/collections/field-kit';
import type { ListItem, RecordOptions } from '../common/gestao/record-schemas';

type Values = Record<string, string | number | ListItem[]>;

const FROM_OPTIONS: Record<OptionList, (options: RecordOptions, values: Values) => Choice[]> = {
  cities: (o) => o.cities.map((c) => ({ value: c.id, text: c.name })),
  venues: (o) => o.venues.map((v) => ({ value: v.id, text: `${v.name} (${v.city})` })),
  sections: (o) => o.sections.map((s) => ({ value: s.id, text: s.name })),
  movies: (o) => o.movies.map((m) => ({ value: m.id, text: m.title })),
  pages: (o) => o.pages.map((p) => ({ value: p.id, text: p.title })),
  sponsorGroups: (o) => o.sponsorGroups.map((g) => ({ value: g.id, text: g.name })),
  menuParents: (o, values) =>
    o.menuParents.filter((m) => m.scope === values.scope && m.location === values.location).map((m) => ({ value: m.id, text: m.title })),
};

export function choicesOf(
  field: Pick<FieldKind, 'choices' | 'optionsFrom' | 'zeroChoice'>,
  options: RecordOptions,
  values: Values,
): Choice[] {
  const listed = field.optionsFrom ? FROM_OPTIONS[field.optionsFrom](options, values) : [...(field.choices ?? [])];
  return field.zeroChoice ? [{ value: 0, text: field.zeroChoice }, ...listed] : listed;
}
