/**
 * "Importar e exportar programa" (Programação and Administração): the draft's programme as a CSV
 * or XLSX, and a spreadsheet brought back in four steps: choose the file, check which of its
 * columns is which, read the dry run (the rows in error first, each with its line and field),
 * apply the rest as session drafts. Every import applied can be undone in one action; publishing
 * stays the "Publicar" screen's.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
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

/** A row's state as the table and the filter name it. */
function rowStateName(state: RowState): MessageDescriptor {
  switch (state) {
    case 'erro':
      return msg`erro`;
    case 'novo':
      return msg`novo`;
    case 'alterado':
      return msg`alterado`;
    default:
      return msg`sem alterações`;
  }
}

/** A count's class: the unchanged rows' ("igual") has no space. */
const countClass = (state: RowState) => (state === 'erro' || state === 'novo' || state === 'alterado' ? state : 'igual');

/** The rows in error first, then in the file's order. */
const errorsFirst = (a: DryRunRow, b: DryRunRow) => Number(b.state === 'erro') - Number(a.state === 'erro') || a.line - b.line;

function RowDetail({ row }: { row: DryRunRow }) {
  const { t } = useLingui();
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
  const empty = t`(vazio)`;
  return (
    <ul className="import-screen__changes">
      {row.changes.map((c) => (
        <li key={c.column}>
          {c.column}: {c.before || empty} → {c.after || empty}
        </li>
      ))}
    </ul>
  );
}

/** The dry run's rows, or (once applied) what the application did with each. */
function DryRunTable({ run, applied }: { run: DryRun; applied: { created: number; changed: number } | undefined }) {
  const [shown, setShown] = useState<RowState | ''>('');
  const { i18n, t } = useLingui();
  const total = run.rows.length;
  const rows = run.rows.filter((r) => shown === '' || r.state === shown).sort(errorsFirst);
  return (
    <>
      <ul className="import-screen__counts" aria-label={t`Linhas por estado`}>
        {ROW_STATES.map((state) => (
          <li key={state} className={`import-screen__count import-screen__count--${countClass(state)}`}>
            {rowStateLabel(state, run.counts[state])}
          </li>
        ))}
      </ul>
      <div className="gestao-field import-screen__filter">
        <label htmlFor="importar-filtro">
          <Trans>Mostrar</Trans>
        </label>
        <select id="importar-filtro" value={shown} onChange={(e) => setShown(e.target.value as RowState | '')}>
          <option value="">{t`Todas as linhas (${total})`}</option>
          {ROW_STATES.map((state) => (
            <option key={state} value={state}>
              {i18n._(rowStateName(state))} ({run.counts[state]})
            </option>
          ))}
        </select>
      </div>
      <table className="gestao-table import-screen__table">
        <caption>{applied ? appliedSummary(applied, run.counts) : t`Simulação: nada foi alterado ainda`}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Linha</Trans>
            </th>
            <th scope="col">
              <Trans>Código</Trans>
            </th>
            <th scope="col">
              <Trans>Estado</Trans>
            </th>
            <th scope="col">
              <Trans>O que muda</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line} className={row.state === 'erro' ? 'import-screen__row--erro' : undefined}>
              <td>{row.line}</td>
              <td>{row.code || '—'}</td>
              <td>{i18n._(rowStateName(row.state))}</td>
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
  const { t } = useLingui();
  /** A column of the file without a heading, by its place (from 1). */
  const untitled = (index: number) => {
    const place = index + 1;
    return t`(coluna ${place} sem título)`;
  };
  const select = (column: SheetColumn) => (
    <div className="gestao-field" key={column}>
      <label htmlFor={`importar-coluna-${column}`}>
        {column} — {SHEET_COLUMN_LABELS[column]}
        {REQUIRED_SHEET_COLUMNS.includes(column) ? t` (obrigatória)` : ''}
      </label>
      <select
        id={`importar-coluna-${column}`}
        value={mapping[column] === null ? '' : String(mapping[column])}
        onChange={(e) => onChange({ ...mapping, [column]: e.target.value === '' ? null : Number(e.target.value) })}
      >
        <option value="">{t`— não está no ficheiro —`}</option>
        {file.headers.map((header, index) => (
          <option key={index} value={index}>
            {header || untitled(index)}
          </option>
        ))}
      </select>
    </div>
  );
  return <div className="gestao-fields">{SHEET_COLUMNS.map(select)}</div>;
}

function RecentImports({ imports, onUndo }: { imports: ImportSummary[]; onUndo: (id: number) => void }) {
  if (imports.length === 0)
    return (
      <p>
        <Trans>Ainda não se importou nenhuma folha.</Trans>
      </p>
    );
  return (
    <table className="gestao-table">
      <thead>
        <tr>
          <th scope="col">
            <Trans>Ficheiro</Trans>
          </th>
          <th scope="col">
            <Trans>Quem e quando</Trans>
          </th>
          <th scope="col">
            <Trans>Sessões</Trans>
          </th>
          <th scope="col">
            <span className="gestao-visually-hidden">
              <Trans>Anular</Trans>
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {imports.map(({ id, fileName, appliedBy, appliedAt, created, changed, undoneAt, undoneBy }) => {
          const by = undoneBy ?? '';
          const at = undoneAt && lisbonMoment(undoneAt);
          return (
            <tr key={id}>
              <td>{fileName}</td>
              <td>
                {appliedBy}, {lisbonMoment(appliedAt)}
              </td>
              <td>
                <Trans>
                  {created} novas, {changed} alteradas
                </Trans>
                {at && (
                  <Trans>
                    {' '}
                    · anulada por {by} ({at})
                  </Trans>
                )}
              </td>
              <td>
                {!undoneAt && (
                  <button type="button" className="gestao-secondary" onClick={() => onUndo(id)}>
                    <Trans>Anular a importação de {fileName}</Trans>
                  </button>
                )}
              </td>
            </tr>
          );
        })}
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
  const { t } = useLingui();

  const reset = () => {
    setFile(undefined);
    setMapping(undefined);
    setRun(undefined);
    setApplied(undefined);
  };

  const read = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setStatus({ kind: 'error', text: t`Escolha um ficheiro CSV ou XLSX.` });
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
          const { rowCount } = answer;
          setStatus({ kind: 'ok', text: t`Ficheiro lido: ${rowCount} linhas.${readAs} Confirme as colunas e simule a importação.` });
        },
        (error: unknown) => setStatus(failure(error, t`Não foi possível ler o ficheiro.`)),
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
        (error: unknown) => setStatus(failure(error, t`Não foi possível simular a importação.`)),
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
          const { created, changed } = answer;
          setApplied({ id: file.id, created, changed });
          setStatus({
            kind: 'ok',
            text: t`Importação aplicada ao rascunho: ${created} sessões novas, ${changed} alteradas. Publique-as em «Publicar».`,
          });
          imports.reload();
        },
        (error: unknown) => setStatus(failure(error, t`Não foi possível aplicar a importação.`)),
      )
      .finally(() => setBusy(false));
  };

  const undo = (id: number) => {
    setBusy(true);
    api(gestaoEndpoints.undoImport, { params: { id } })
      .then(
        (answer) => {
          if (applied?.id === id) reset();
          const { restored } = answer;
          setStatus({ kind: 'ok', text: t`Importação anulada: ${restored} sessões voltaram ao que eram.` });
          imports.reload();
        },
        (error: unknown) => setStatus(failure(error, t`Não foi possível anular a importação.`)),
      )
      .finally(() => setBusy(false));
  };

  const exportAs = (format: 'csv' | 'xlsx') =>
    void download(gestaoEndpoints.exportProgramme, `programa.${format}`, { query: { format } }).catch((error: unknown) =>
      setStatus(failure(error, t`Não foi possível exportar.`)),
    );

  const toApply = run ? run.counts.novo + run.counts.alterado : 0;
  const columns = SHEET_COLUMNS.join(', ');
  const fileName = file?.fileName;
  return (
    <div className="import-screen">
      <div className="gestao-heading">
        <h1>
          <Trans>Importar e exportar programa</Trans>
        </h1>
        <div className="gestao-actions">
          <button type="button" onClick={() => exportAs('csv')}>
            <Trans>Exportar CSV</Trans>
          </button>
          <button type="button" onClick={() => exportAs('xlsx')}>
            <Trans>Exportar XLSX</Trans>
          </button>
        </div>
      </div>
      <p>
        <Trans>
          Uma linha por sessão, com as colunas {columns}. As sessões são reconhecidas pelo código: um código novo cria uma sessão. A
          importação muda só o rascunho.
        </Trans>
      </p>

      <section aria-labelledby="importar-ficheiro">
        <h2 id="importar-ficheiro">
          <Trans>1. Ficheiro</Trans>
        </h2>
        <form className="gestao-form" onSubmit={read}>
          <div className="gestao-field">
            <label htmlFor="importar-folha">
              <Trans>Folha do programa (CSV ou XLSX)</Trans>
            </label>
            <input
              id="importar-folha"
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => setChosen(e.target.files?.[0] ?? null)}
            />
          </div>
          <div className="gestao-actions">
            <button type="submit" disabled={busy}>
              <Trans>Ler o ficheiro</Trans>
            </button>
          </div>
        </form>
      </section>

      <StatusLine status={status} />

      {file && mapping && !applied && (
        <section aria-labelledby="importar-colunas">
          <h2 id="importar-colunas">
            <Trans>2. Colunas de «{fileName}»</Trans>
          </h2>
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
              <Trans>Simular a importação</Trans>
            </button>
          </div>
        </section>
      )}

      {run && (
        <section aria-labelledby="importar-simulacao">
          <h2 id="importar-simulacao">{applied ? <Trans>4. Resultado</Trans> : <Trans>3. Simulação</Trans>}</h2>
          {!applied && (
            <div className="gestao-actions">
              <button type="button" disabled={busy || toApply === 0} onClick={apply}>
                <Plural value={toApply} one="Aplicar # linha" other="Aplicar # linhas" />
              </button>
            </div>
          )}
          {applied && (
            <div className="gestao-actions">
              <button type="button" disabled={busy} onClick={() => undo(applied.id)}>
                <Trans>Anular esta importação</Trans>
              </button>
            </div>
          )}
          <DryRunTable run={run} applied={applied} />
        </section>
      )}

      <section aria-labelledby="importar-recentes">
        <h2 id="importar-recentes">
          <Trans>Importações recentes</Trans>
        </h2>
        {imports.error && <p role="alert">{imports.error}</p>}
        {imports.data && <RecentImports imports={imports.data} onUndo={undo} />}
      </section>
    </div>
  );
}
