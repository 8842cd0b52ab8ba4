import './status-message.css';
/** A loading, empty or error line in a list's place; announced to screen readers. */
export function StatusMessage({ children }: { children: React.ReactNode }) {
  return (
    <p className="status-message" role="status">
      {children}
    </p>
  );
}
