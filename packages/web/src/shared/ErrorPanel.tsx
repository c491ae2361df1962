import type { ReactNode } from 'react';

/**
 * A visible error box. role="alert" makes screen readers announce it when it appears (e.g. after a failed
 * submit), not only when they happen to reach it.
 */
export function ErrorPanel({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="error-panel" role="alert">
      <h2 className="error-panel-title">{title}</h2>
      {children}
    </div>
  );
}
