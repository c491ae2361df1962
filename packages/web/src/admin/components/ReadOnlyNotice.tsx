import { useAdmin } from '../session';

/** Tells a read-only admin why the page's changing controls are missing or disabled. */
export function ReadOnlyNotice() {
  const { canWrite } = useAdmin();
  if (canWrite) return null;
  return (
    <p className="read-only-notice">
      You have read-only access: you can look at everything here, but only a write admin can change it.
    </p>
  );
}
