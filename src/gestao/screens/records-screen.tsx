/** A content type's list: every record with its state (publicado, alterado, novo, apagado), and "Novo". */
import { Link } from 'react-router-dom';
import type { RecordView } from '../../common/gestao/record-schemas';
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
  press_items: { path: 'imprensa', title: 'Imprensa', newLabel: 'Novo material de imprensa' },
} as const satisfies Partial<Record<RecordType, { path: string; title: string; newLabel: string }>>;

export const STATE_LABELS: Record<RecordView['state'], string> = {
  publicado: 'Publicado',
  alterado: 'Alterado (por publicar)',
  novo: 'Novo (por publicar)',
  apagado: 'Apagado (por publicar)',
};

/** What a record is called in lists and headings: a work's or a news item's title, a place's or a section's name. */
export const recordName = (record: RecordView) => String(record.fields.title ?? record.fields.name ?? record.fields.img ?? record.id);

export function RecordsScreen({ type }: { type: keyof typeof RECORD_PAGES }) {
  const staff = useStaff();
  const page = RECORD_PAGES[type];
  const { data, error } = useGestaoData<RecordView[]>(`/records/${type}`);
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
                  <Link to={`/${page.path}/${record.id}`}>{recordName(record)}</Link>
                  {type === 'movies' && record.fields.is_movie === 0 && <span className="gestao-tag">atividade</span>}
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
