import './offline-note.css';
/**
 * Offline honesty: what needs the network (a trailer, a file not kept, buying a ticket) says so
 * while there is no connection, before the visitor taps it, instead of failing.
 */
export function OfflineNote({ id, children }: { id?: string; children: string }) {
  return (
    <p id={id} className="offline-note">
      {children}
    </p>
  );
}
