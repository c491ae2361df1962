/** A short "loading" line, announced politely; shown while a page asks the server what to display. */
export function Loading({ children = 'Loading…' }: { children?: string }) {
  return (
    <p className="loading" role="status">
      {children}
    </p>
  );
}
