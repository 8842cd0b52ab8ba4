// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { festaDb } from '../../src/data/db';
import { useLiveRead, type DataLayer } from '../../src/data/lazy-data';
import type { FestaDb } from '../../src/data/db';
import type { AgendaEntry } from '../../src/agenda/agenda-entry';

afterEach(async () => {
  cleanup();
  await festaDb()?.agenda.clear();
});

/** How many times the shared query ran (it runs once, then once per change of the table it reads). */
let runs = 0;
const readIds = (db: FestaDb, _layer: DataLayer) => {
  runs++;
  return db.agenda.toCollection().primaryKeys();
};

function Star({ n }: { n: number }) {
  const ids = useLiveRead('test-agenda-ids', readIds);
  return <span data-testid={`star-${n}`}>{ids === undefined ? 'a ler' : ids.join(',') || 'vazia'}</span>;
}

function Page() {
  const [day, setDay] = useState(1);
  const stars = Array.from({ length: 20 }, (_, i) => day * 100 + i);
  return (
    <>
      <button type="button" onClick={() => setDay(day + 1)}>
        dia seguinte
      </button>
      {stars.map((n) => (
        <Star key={n} n={n} />
      ))}
    </>
  );
}

const session = (id: string) => ({ sessionId: id, session: { id }, addedAt: 1 }) as unknown as AgendaEntry;

describe('useLiveRead', () => {
  it('shares one query among the readers of a key, and a reader mounted later shows the answer at once', async () => {
    runs = 0;
    render(<Page />);
    expect(screen.getByTestId('star-100').textContent).toBe('a ler');
    await waitFor(() => expect(screen.getByTestId('star-119').textContent).toBe('vazia'), { timeout: 5000 });
    // Dexie may run a new live query twice before its first answer; twenty readers would be forty.
    const first = runs;
    expect(first).toBeLessThanOrEqual(2);

    await act(async () => {
      await festaDb()!.agenda.put(session('7'));
    });
    await waitFor(() => expect(screen.getByTestId('star-105').textContent).toBe('7'));
    // Twenty readers, one query again after the change.
    expect(runs).toBe(first + 1);

    // The next day's readers replace this day's in one commit: they keep the query and its answer.
    act(() => screen.getByRole('button', { name: 'dia seguinte' }).click());
    expect(screen.getByTestId('star-200').textContent).toBe('7');
    await act(async () => {
      await festaDb()!.agenda.put(session('8'));
    });
    await waitFor(() => expect(screen.getByTestId('star-219').textContent).toBe('7,8'));
    expect(runs).toBe(first + 2);
  });
});
