/**
 * A session's history as the grid shows it (GET /gestao/api/grid/sessions/:id/history, worked out
 * in server/gestao/editing/session-history.ts): each saved version, newest first, with who saved
 * it, when, and each field it changed from → to, already in words (the venue's name, the film's
 * title, "sábado 28, 18:00").
 */
export interface SessionFieldChange {
  /** The field's label ("sala", "data e hora"). */
  label: string;
  /** '' when not known (a version older than the published row, or the session being created). */
  from: string;
  to: string;
}

export interface SessionHistoryEntry {
  version: number;
  /** The instant it was saved (ISO). */
  at: string;
  actorEmail: string;
  /** The release that published it, null while it is a draft. */
  releaseNumber: number | null;
  /** 'criada': the first version; 'apagada': the draft removes it. */
  kind: 'criada' | 'mudada' | 'apagada';
  changes: SessionFieldChange[];
}
