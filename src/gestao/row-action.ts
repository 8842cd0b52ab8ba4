/**
 * An action on one row of a screen's list (end a session, forget a device, remove a passkey, lift
 * a lock): what it left to say (done, or the server's refusal in pt-PT, or `failed` when there is
 * none), and the list read again either way, so that the screen shows what the server now holds.
 */
import { useState } from 'react';
import { refusalMessage } from './api';
import type { Status } from './status-line';

export interface RowAction {
  status: Status | undefined;
  setStatus: (status: Status | undefined) => void;
  /** Runs `run`; whether it worked. */
  act: (run: () => Promise<unknown>, said: { done?: string; failed: string }) => Promise<boolean>;
}

export function useRowAction(list: { reload: () => void }): RowAction {
  const [status, setStatus] = useState<Status | undefined>(undefined);
  async function act(run: () => Promise<unknown>, { done, failed }: { done?: string; failed: string }): Promise<boolean> {
    setStatus(undefined);
    let worked = true;
    try {
      await run();
      if (done) setStatus({ kind: 'ok', text: done });
    } catch (error) {
      worked = false;
      setStatus({ kind: 'error', text: refusalMessage(error, failed) });
    }
    list.reload();
    return worked;
  }
  return { status, setStatus, act };
}
