/**
 * The one table of "A minha conta" (the open sessions, the known devices, the passkeys): a row per
 * thing, its facts in the named columns, and a last column, "Ação" to a screen reader only, that
 * holds what can be done to the row (a button, its action run through useRowAction by the section)
 * or a marker saying which row is this one ("Esta sessão"), or both ("Este navegador" and
 * "Esquecer"). The table takes its name from the section around it.
 */
import { Trans } from '@lingui/react/macro';
import type { Key, ReactNode } from 'react';

/** The last cell of a row: a marker, a button, or the marker then the button. */
export interface LastCell {
  marker?: string;
  button?: {
    label: string;
    /** The button's accessible name when its label alone does not tell the rows apart. */
    name?: string;
    onClick: () => void;
  };
}

export interface AccountTableProps<Row> {
  /** The columns' headings, before the action's. */
  headers: readonly string[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** One node per heading. */
  cells: (row: Row) => readonly ReactNode[];
  last: (row: Row) => LastCell;
}

export function AccountTable<Row>({ headers, rows, rowKey, cells, last }: AccountTableProps<Row>) {
  return (
    <table className="gestao-table">
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
          <th scope="col">
            <span className="gestao-visually-hidden">
              <Trans>Ação</Trans>
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {cells(row).map((cell, index) => (
              <td key={headers[index] ?? index}>{cell}</td>
            ))}
            <td>
              <LastCellContent {...last(row)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LastCellContent({ marker, button }: LastCell) {
  return (
    <>
      {marker && <span>{button ? `${marker} ` : marker}</span>}
      {button && (
        <button type="button" className="gestao-secondary" aria-label={button.name} onClick={button.onClick}>
          {button.label}
        </button>
      )}
    </>
  );
}
