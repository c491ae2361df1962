import type { ReactNode } from 'react';

/**
 * A visible confirmation or information box. role="status" lets screen readers announce it politely when it
 * appears (after a successful submit), without interrupting like an alert.
 */
export function Notice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="notice" role="status">
      <h2 className="notice-title">{title}</h2>
      {children}
    </div>
  );
}
