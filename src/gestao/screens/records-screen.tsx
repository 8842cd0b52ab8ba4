/** A content type's list: every record with its state (publicado, alterado, novo, apagado), and "Novo". */
import { Link } from 'react-router-dom';
import { collectionOf } from '../../common/gestao/collections';
import type { CollectionSpec } from '../../common/gestao/collections/field-kit';
import { fieldText, type RecordOptions, type RecordView } from '../../common/gestao/record-schemas';
import { mayCreate, RECORD_TYPES, type RecordType } from '../../common/gestao/roles';
import { useStaff } from '../staff-session';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { useGestaoData } from '../use-gestao-data';

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

export const STATE_LABELS: Record<RecordView['state'], string> = {
  publicado: 'Publicado',
  alterado: 'Alterado (por publicar)',
  novo: 'Novo (por publicar)',
  apagado: 'Apagado (por publicar)',
};

/** What a record is called in lists and headings: a work's or a news item's title, a place's or a section's name, a journey's cities. */
export function recordName(record: RecordView, options?: RecordOptions): string {
  const { fields } = record;
  if (record.type === 'settings') return 'Definições';
  if (record.type === 'travel_times') {
    const city = (id: unknown) => options?.cities.find((c) => c.id === Number(id))?.name ?? String(id);
    return `${city(fields.from_city_id)} → ${city(fields.to_city_id)}`;
  }
  if (record.type === 'history_editions') return `${fieldText(fields.edition)}: ${fieldText(fields.title)}`;
  // A programme entry has no title: its text's first words name it.
  if (record.type === 'programme_entries') return programmeEntryName(fieldText(fields.description_html), record.id);
  return fieldText(fields.title ?? fields.name ?? fields.img ?? record.id);
}

/** The first words of an entry's text, without its markup. */
function programmeEntryName(html: string, id: string): string {
  const words = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!words) return `Entrada ${id}`;
  return words.length > 80 ? `${words.slice(0, 80).trimEnd()}…` : words;
}

const MENU_PLACES: Record<string, string> = { top: 'topo', bottom: 'rodapé' };

export function RecordsScreen({ type }: { type: RecordType }) {
  const staff = useStaff();
  const page = recordPage(type);
  const { data, error } = useGestaoData(gestaoEndpoints.records, { params: { type } });
  // A journey is named by its cities.
  const options = useGestaoData(gestaoEndpoints.recordOptions, type === 'travel_times' ? {} : null);
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
      {!data && !error && <p role="status">A carregar…</p>}
      {data && (
        <table className="gestao-table">
          <thead>
            <tr>
              <th scope="col">Título</th>
              <th scope="col">Estado</th>
            </tr>
          </thead>
          <tbody>
            {data.map((record) => (
              <tr key={record.id}>
                <td>
                  <Link to={`/${page.path}/${record.id}`}>{recordName(record, options.data)}</Link>
                  {type === 'movies' && record.fields.is_movie === 0 && <span className="gestao-tag">atividade</span>}
                  {type === 'menu_items' && (
                    <span className="gestao-tag">
                      {fieldText(record.fields.scope)} · {MENU_PLACES[fieldText(record.fields.location)]}
                      {record.fields.parent_id !== null && ' · dentro de outra'}
                    </span>
                  )}
                </td>
                <td>{STATE_LABELS[record.state]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
