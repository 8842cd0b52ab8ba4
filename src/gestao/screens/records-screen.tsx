/** A content type's list: every record with its state (publicado, alterado, novo, apagado), and "Novo". */
import { Link } from 'react-router-dom';
import { fieldText, type RecordOptions, type RecordView } from '../../common/gestao/record-schemas';
import { mayCreate, type RecordType } from '../../common/gestao/roles';
import { useStaff } from '../staff-session';
import { useGestaoData } from '../use-gestao-data';

export const RECORD_PAGES = {
  movies: { path: 'filmes', title: 'Filmes e atividades', newLabel: 'Novo filme ou atividade' },
  news: { path: 'noticias', title: 'Notícias', newLabel: 'Nova notícia' },
  venues: { path: 'salas', title: 'Salas', newLabel: 'Nova sala' },
  cities: { path: 'cidades', title: 'Cidades', newLabel: 'Nova cidade' },
  sections: { path: 'seccoes', title: 'Secções', newLabel: 'Nova secção' },
  sponsor_groups: { path: 'grupos-de-patrocinadores', title: 'Grupos de patrocinadores', newLabel: 'Novo grupo' },
  sponsors: { path: 'patrocinadores', title: 'Patrocinadores', newLabel: 'Novo patrocinador' },
  posters: { path: 'cartazes', title: 'Cartazes e banners', newLabel: 'Novo cartaz ou banner' },
  custom_pages: { path: 'paginas', title: 'Páginas', newLabel: 'Nova página' },
  menu_items: { path: 'menus', title: 'Menus', newLabel: 'Nova entrada de menu' },
  travel_times: { path: 'tempos-de-viagem', title: 'Tempos de viagem', newLabel: 'Novo tempo de viagem' },
  settings: { path: 'definicoes', title: 'Definições', newLabel: '' },
  history_editions: { path: 'historico', title: 'Histórico', newLabel: 'Nova edição no histórico' },
  press_items: { path: 'imprensa', title: 'Imprensa', newLabel: 'Novo material de imprensa' },
  programme_entries: { path: 'programa', title: 'Programa', newLabel: 'Nova entrada do programa' },
} as const satisfies Partial<Record<RecordType, { path: string; title: string; newLabel: string }>>;

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

export function RecordsScreen({ type }: { type: keyof typeof RECORD_PAGES }) {
  const staff = useStaff();
  const page = RECORD_PAGES[type];
  const { data, error } = useGestaoData<RecordView[]>(`/records/${type}`);
  // A journey is named by its cities.
  const options = useGestaoData<RecordOptions>(type === 'travel_times' ? '/options' : null);
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
