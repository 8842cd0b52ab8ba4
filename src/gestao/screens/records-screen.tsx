/** A content type's list: every record with its state (publicado, alterado, novo, apagado), and "Novo". */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { collectionOf, listFiltersOf } from '../../common/gestao/collections';
import { PICTURE_FIELDS } from '../../common/gestao/media';
import type { CollectionSpec } from '../../common/gestao/collections/field-kit';
import { fieldText, type RecordOptions, type RecordView } from '../../common/gestao/record-schemas';
import { mayCreate, RECORD_TYPES, type RecordType } from '../../common/gestao/roles';
import { useStaff } from '../staff-session';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { useGestaoData } from '../use-gestao-data';
import { ListControls } from '../list-controls';
import { LIST_QUERY } from '../record-list-query';
import { choicesOf } from '../field-choices';
import { PictureThumb } from '../media/picture-thumb';
import { dependantFilters, filteringDependant } from './dependant-filters';
import { useScheduled } from '../states/scheduled-records';
import { StatePill } from '../states/state-pill';

type RecordPage = NonNullable<CollectionSpec['page']>;

/** The types with a list of their own, each with its page (a film's sessions are in the film's screen). */
export const RECORD_PAGES: Partial<Record<RecordType, RecordPage>> = Object.fromEntries(
  RECORD_TYPES.flatMap((type) => {
    const { page } = collectionOf(type);
    return page ? [[type, page]] : [];
  }),
);

/** A type's page; only types with one have a screen. */
export const recordPage = (type: RecordType): RecordPage => RECORD_PAGES[type]!;

/** What a record is called in lists and headings: a work's or a news item's title, a place's or a section's name, a journey's cities. */
export function recordName(record: RecordView, i18n: I18n, options?: RecordOptions): string {
  const { fields } = record;
  if (record.type === 'settings') return i18n._(msg`Definições`);
  if (record.type === 'travel_times') {
    const city = (id: unknown) => options?.cities.find((c) => c.id === Number(id))?.name ?? String(id);
    return `${city(fields.from_city_id)} → ${city(fields.to_city_id)}`;
  }
  if (record.type === 'history_editions') return `${fieldText(fields.edition)}: ${fieldText(fields.title)}`;
  // A programme entry has no title: its text's first words name it.
  if (record.type === 'programme_entries') return programmeEntryName(fieldText(fields.description_html), record.id, i18n);
  return fieldText(fields.title ?? fields.name ?? fields.img ?? record.id);
}

/** The first words of an entry's text, without its markup. */
function programmeEntryName(html: string, id: string, i18n: I18n): string {
  const words = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!words) return i18n._(msg`Entrada ${id}`);
  return words.length > 80 ? `${words.slice(0, 80).trimEnd()}…` : words;
}

const MENU_PLACES: Record<string, MessageDescriptor> = { top: msg`topo`, bottom: msg`rodapé` };

export function RecordsScreen({ type }: { type: RecordType }) {
  const staff = useStaff();
  const page = recordPage(type);
  const { data, error } = useGestaoData(gestaoEndpoints.records, { params: { type } });
  const filterFields = listFiltersOf(type);
  // The first picture a type has (a film's small image, a sponsor's logo) stands beside each record.
  const pictureField = PICTURE_FIELDS[type]?.[0];
  // Films are found by their sessions' cities and days too.
  const dependant = filteringDependant(type);
  const dependants = useGestaoData(gestaoEndpoints.records, dependant ? { params: { type: dependant.type } } : null);
  // A journey is named by its cities; a list filtered by a record (a film's section) offers them by name.
  const options = useGestaoData(
    gestaoEndpoints.recordOptions,
    type === 'travel_times' || dependant || filterFields.some((f) => f.spec.optionsFrom) ? {} : null,
  );
  const { i18n, t } = useLingui();
  const { newLabel } = page;
  const scheduled = useScheduled();
  const scheduledAt = scheduled.at;
  const byDependants = useMemo(
    () => (dependant && dependants.data && options.data ? dependantFilters(dependant, dependants.data, options.data, i18n) : undefined),
    [dependant, dependants.data, options.data, i18n],
  );
  // An address that names a filter whose choices are still on their way (a shared `?cidade=2`, or
  // `?estado=agendado` before the publications set for later are read) waits for them, rather than
  // showing the whole list, or nothing, first.
  const [params] = useSearchParams();
  const named = [
    ...filterFields.map((f) => f.param),
    ...(dependant ? [dependant.listFilters.city.param, dependant.listFilters.day.param] : []),
  ];
  const choicesArriving =
    (filterFields.some((f) => f.spec.optionsFrom) && !options.data && !options.error) ||
    (dependant !== undefined && !byDependants && !dependants.error && !options.error);
  const waitForFilters =
    (choicesArriving && named.some((param) => params.has(param))) || (params.get(LIST_QUERY.state) === 'agendado' && !scheduled.settled);
  const menuPlace = (location: string) => {
    const place = MENU_PLACES[location];
    return place && i18n._(place);
  };
  return (
    <>
      <div className="gestao-heading">
        <h1>{page.title}</h1>
        {mayCreate(staff.role, type) && (
          <Link className="gestao-button" to={`/${page.path}/novo`}>
            {page.newLabel}
          </Link>
        )}
      </div>
      {error && <p role="alert">{error}</p>}
      {(!data || waitForFilters) && !error && (
        <p role="status">
          <Trans>A carregar…</Trans>
        </p>
      )}
      {data && !waitForFilters && (
        <ListControls
          listed={data.map((record) => ({
            row: record,
            name: recordName(record, i18n, options.data),
            state: record.state,
            scheduled: scheduledAt(record) !== undefined,
            values: Object.fromEntries(filterFields.map(({ field }) => [field, fieldText(record.fields[field])])),
            occurrences: byDependants?.occurrencesOf(record),
          }))}
          noun={page.title}
          empty={
            mayCreate(staff.role, type)
              ? t`Esta lista ainda está vazia: use «${newLabel}» para acrescentar o primeiro registo.`
              : t`Esta lista ainda está vazia.`
          }
          filters={[
            ...filterFields
              .filter(({ spec }) => !spec.optionsFrom || options.data)
              .map(({ field, param, spec }) => ({
                field,
                param,
                label: spec.label,
                choices: spec.optionsFrom ? choicesOf(spec, options.data!, {}) : [...(spec.choices ?? [])],
              })),
            ...(byDependants?.filters ?? []),
          ]}
          render={(rows) => (
            <table className="gestao-table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Título</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Estado</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((record) => (
                  <tr key={record.id}>
                    <td>
                      {pictureField ? (
                        <span className="gestao-table__pictured">
                          <PictureThumb path={fieldText(record.fields[pictureField])} />
                          <Link to={`/${page.path}/${record.id}`}>{recordName(record, i18n, options.data)}</Link>
                        </span>
                      ) : (
                        <Link to={`/${page.path}/${record.id}`}>{recordName(record, i18n, options.data)}</Link>
                      )}
                      {type === 'movies' && record.fields.is_movie === 0 && (
                        <span className="gestao-tag">
                          <Trans>atividade</Trans>
                        </span>
                      )}
                      {type === 'menu_items' && (
                        <span className="gestao-tag">
                          {fieldText(record.fields.scope)} · {menuPlace(fieldText(record.fields.location))}
                          {record.fields.parent_id !== null && <Trans> · dentro de outra</Trans>}
                        </span>
                      )}
                    </td>
                    <td>
                      <StatePill state={record.state} scheduledAt={scheduledAt(record)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        />
      )}
    </>
  );
}
