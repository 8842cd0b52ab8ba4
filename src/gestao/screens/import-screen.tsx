/**
 * "Importar e exportar programa" (Programação and Administração): the draft's programme as a CSV
 * or XLSX, and a spreadsheet brought back in four steps: choose the file, check which of its
 * columns is which, read the dry run (the rows in error first, each with its line and field),
 * apply the rest as session drafts. Every import applied can be undone in one action; publishing
 * stays the "Publicar" screen's.
 */
import { useState, type FormEvent } from 'react';
import {
  appliedSummary,
  REQUIRED_SHEET_COLUMNS,
  ROW_STATES,
  rowStateLabel,
  SHEET_COLUMN_LABELS,
  SHEET_COLUMNS,
  SHEET_ENCODING_NOTES,
  type DryRun,
  type DryRunRow,
  type ImportSummary,
  type RowState,
  type SheetColumn,
  type SheetMapping,
  type SheetUpload,
} from '../../common/gestao/programme-sheet';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { api, download, upload, refusalMessage } from '../api';
import { lisbonMoment } from '../lisbon-format';
import { StatusLine, type Status } from '../status-line';
import { useGestaoData } from '../use-gestao-data';
import './import-screen.css';

const failure = (error: unknown, fallback: string): Status => ({
  kind: 'error',
  text: refusalMessage(error, fallback),
});

/** The rows in error first, then in the file's order. */
const errorsFirst = (a: DryRunRow, b: DryRunRow) => Number(b.state === 'erro') - Number(a.state === 'erro') || a.line - b.line;

function RowDetail({ row }: { row: DryRunRow }) {
  if (row.errors.length > 0) {
    return (
      <ul className="import-screen__errors">
        {row.errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    );
  }
  if (row.changes.length === 0) return null;
  return (
    <ul className="import-screen__changes">
      {row.changes.map((c) => (
        <li key={c.column}>
          {c.column}: {c.before || '(vazio)'} → {c.after || '(vazio)'}
        </li>
      ))}
    </ul>
  );
}

/** The dry run's rows, or (once applied) what the application did with each. */
function DryRunTable({ run, applied }: { run: DryRun; applied: { created: number; changed: number } | undefined }) {
  const [shown, setShown] = useState<RowState | ''>('');
  const rows = run.rows.filter((r) => shown === '' || r.state === shown).sort(errorsFirst);
  return (
    <>
      <ul className="import-screen__counts" aria-label="Linhas por estado">
        {ROW_STATES.map((state) => (
          <li key={state} className={`import-screen__count import-screen__count--${state === 'sem alterações' ? 'igual' : state}`}>
            {rowStateLabel(state, run.counts[state])}
          </li>
        ))}
      </ul>
      <div className="gestao-field import-screen__filter">
        <label htmlFor="importar-filtro">Mostrar</label>
        <select id="importar-filtro" value={shown} onChange={(e) => setShown(e.target.value as RowState | '')}>
          <option value="">Todas as linhas ({run.rows.length})</option>
          {ROW_STATES.map((state) => (
            <option key={state} value={state}>
              {state} ({run.counts[state]})
            </option>
          ))}
        </select>
      </div>
      <table className="gestao-table import-screen__table">
        <caption>{applied ? appliedSummary(applied, run.counts) : 'Simulação: nada foi alterado ainda'}</caption>
        <thead>
          <tr>
            <th scope="col">Linha</th>
            <th scope="col">Código</th>
            <th scope="col">Estado</th>
            <th scope="col">O que muda</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line} className={row.state === 'erro' ? 'import-screen__row--erro' : undefined}>
              <td>{row.line}</td>
              <td>{row.code || '—'}</td>
              <td>{row.state}</td>
              <td>
                <RowDetail row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function MappingFields({ file, mapping, onChange }: { file: SheetUpload; mapping: SheetMapping; onChange: (m: SheetMapping) => void }) {
  const select = (column: SheetColumn) => (
    <div className="gestao-field" key={column}>
      <label htmlFor={`importar-coluna-${column}`}>
        {column} — {SHEET_COLUMN_LABELS[column]}
        {REQUIRED_SHEET_COLUMNS.includes(column) ? ' (obrigatória)' : ''}
      </label>
      <select
        id={`importar-coluna-${column}`}
        value={mapping[column] === null ? '' : String(mapping[column])}
        onChange={(e) => onChange({ ...mapping, [column]: e.target.value === '' ? null : Number(e.target.value) })}
      >
        <option value="">— não está no ficheiro —</option>
        {file.headers.map((header, index) => (
          <option key={index} value={index}>
            {header || `(coluna ${index + 1} sem título)`}
          </option>
        ))}
      </select>
    </div>
  );
  return <div className="gestao-fields">{SHEET_COLUMNS.map(select)}</div>;
}

function RecentImports({ imports, onUndo }: { imports: ImportSummary[]; onUndo: (id: number) => void }) {
  if (imports.length === 0) return <p>Ainda não se importou nenhuma folha.</p>;
  return (
    <table className="gestao-table">
      <thead>
        <tr>
          <th scope="col">Ficheiro</th>
          <th scope="col">Quem e quando</th>
          <th scope="col">Sessões</th>
          <th scope="col">
            <span className="gestao-visually-hidden">Anular</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {imports.map((i) => (
          <tr key={i.id}>
            <td>{i.fileName}</td>
            <td>
              {i.appliedBy}, {lisbonMoment(i.appliedAt)}
            </td>
            <td>
              {i.created} novas, {i.changed} alteradas
              {i.undoneAt && ` · anulada por ${i.undoneBy ?? ''} (${lisbonMoment(i.undoneAt)})`}
            </td>
            <td>
              {!i.undoneAt && (
                <button type="button" className="gestao-secondary" onClick={() => onUndo(i.id)}>
                  Anular a importação de {i.fileName}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ImportScreen() {
  const imports = useGestaoData(gestaoEndpoints.programmeImports);
  const [chosen, setChosen] = useState<File | null>(null);
  const [file, setFile] = useState<SheetUpload | undefined>(undefined);
  const [mapping, setMapping] = useState<SheetMapping | undefined>(undefined);
  const [run, setRun] = useState<DryRun | undefined>(undefined);
  const [applied, setApplied] = useState<{ id: number; created: number; changed: number } | undefined>(undefined);
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(undefined);
    setMapping(undefined);
    setRun(undefined);
    setApplied(undefined);
  };

  const read = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setStatus({ kind: 'error', text: 'Escolha um ficheiro CSV ou XLSX.' });
      return;
    }
    reset();
    setBusy(true);
    upload(gestaoEndpoints.uploadProgramme, chosen)
      .then(
        (answer) => {
          setFile(answer);
          setMapping(answer.mapping);
          const readAs = answer.encoding ? ` ${SHEET_ENCODING_NOTES[answer.encoding]}` : '';
          setStatus({ kind: 'ok', text: `Ficheiro lido: ${answer.rowCount} linhas.${readAs} Confirme as colunas e simule a importação.` });
        },
        (error: unknown) => setStatus(failure(error, 'Não foi possível ler o ficheiro.')),
      )
      .finally(() => setBusy(false));
  };

  const simulate = () => {
    if (!file || !mapping) return;
    setBusy(true);
    api(gestaoEndpoints.dryRunImport, { params: { id: file.id }, body: { mapping } })
      .then(
        (answer) => {
          setRun(answer);
          setStatus(undefined);
        },
        (error: unknown) => setStatus(failure(error, 'Não foi possível simular a importação.')),
      )
      .finally(() => setBusy(false));
  };

  const apply = () => {
    if (!file || !mapping) return;
    setBusy(true);
    api(gestaoEndpoints.applyImport, { params: { id: file.id }, body: { mapping } })
      .then(
        (answer) => {
          setRun(answer);
          setApplied({ id: file.id, created: answer.created, changed: answer.changed });
          setStatus({
            kind: 'ok',
            text: `Importação aplicada ao rascunho: ${answer.created} sessões novas, ${answer.changed} alteradas. Publique-as em «Publicar».`,
          });
          imports.reload();
        },
        (error: unknown) => setStatus(failure(error, 'Não foi possível aplicar a importação.')),
      )
      .finally(() => setBusy(false));
  };

  const undo = (id: number) => {
    setBusy(true);
    api(gestaoEndpoints.undoImport, { params: { id } })
      .then(
        (answer) => {
          if (applied?.id === id) reset();
          setStatus({ kind: 'ok', text: `Importação anulada: ${answer.restored} sessões voltaram ao que eram.` });
          imports.reload();
        },
        (error: unknown) => setStatus(failure(error, 'Não foi possível anular a importação.')),
      )
      .finally(() => setBusy(false));
  };

  const exportAs = (format: 'csv' | 'xlsx') =>
    void download(gestaoEndpoints.exportProgramme, `programa.${format}`, { query: { format } }).catch((error: unknown) =>
      setStatus(failure(error, 'Não foi possível exportar.')),
    );

  const toApply = run ? run.counts.novo + run.counts.alterado : 0;
  return (
    <div className="import-screen">
      <div className="gestao-heading">
        <h1>Importar e exportar programa</h1>
        <div className="gestao-actions">
          <button type="button" onClick={() => exportAs('csv')}>
            Exportar CSV
          </button>
          <button type="button" onClick={() => exportAs('xlsx')}>
            Exportar XLSX
          </button>
        </div>
      </div>
      <p>
        Uma linha por sessão, com as colunas {SHEET_COLUMNS.join(', ')}. As sessões são reconhecidas pelo código: um código novo cria uma
        sessão. A importação muda só o rascunho.
      </p>

      <section aria-labelledby="importar-ficheiro">
        <h2 id="importar-ficheiro">1. Ficheiro</h2>
        <form className="gestao-form" onSubmit={read}>
          <div className="gestao-field">
            <label htmlFor="importar-folha">Folha do programa (CSV ou XLSX)</label>
            <input
              id="importar-folha"
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => setChosen(e.target.files?.[0] ?? null)}
            />
          </div>
          <div className="gestao-actions">
            <button type="submit" disabled={busy}>
              Ler o ficheiro
            </button>
          </div>
        </form>
      </section>

      <StatusLine status={status} />

      {file && mapping && !applied && (
        <section aria-labelledby="importar-colunas">
          <h2 id="importar-colunas">2. Colunas de «{file.fileName}»</h2>
          <MappingFields
            file={file}
            mapping={mapping}
            onChange={(m) => {
              setMapping(m);
              setRun(undefined);
            }}
          />
          <div className="gestao-actions">
            <button type="button" disabled={busy} onClick={simulate}>
              Simular a importação
            </button>
          </div>
        </section>
      )}

      {run && (
        <section aria-labelledby="importar-simulacao">
          <h2 id="importar-simulacao">{applied ? '4. Resultado' : '3. Simulação'}</h2>
          {!applied && (
            <div className="gestao-actions">
              <button type="button" disabled={busy || toApply === 0} onClick={apply}>
                Aplicar {toApply} {toApply === 1 ? 'linha' : 'linhas'}
              </button>
            </div>
          )}
          {applied && (
            <div className="gestao-actions">
              <button type="button" disabled={busy} onClick={() => undo(applied.id)}>
                Anular esta importação
              </button>
            </div>
          )}
          <DryRunTable run={run} applied={applied} />
        </section>
      )}

      <section aria-labelledby="importar-recentes">
        <h2 id="importar-recentes">Importações recentes</h2>
        {imports.error && <p role="alert">{imports.error}</p>}
        {imports.data && <RecentImports imports={imports.data} onUndo={undo} />}
      </section>
    </div>
  );
}
