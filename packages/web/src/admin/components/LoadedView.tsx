import type { ReactNode } from 'react';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { describeError } from '../error-text';
import type { Loaded } from '../use-load';

/**
 * What a page shows for data it loads (see useLoad): why the last load failed (above the data still shown, when a
 * reload failed), a loading line before anything arrived, then `children` with the data.
 */
export function LoadedView<T>({
  load,
  failedTitle,
  children,
}: {
  load: Loaded<T>;
  /** E.g. "The members could not be loaded". */
  failedTitle: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <>
      {load.error ? (
        <ErrorPanel title={failedTitle}>
          <p>{describeError(load.error)}</p>
        </ErrorPanel>
      ) : null}
      {load.data !== undefined ? children(load.data) : load.loading ? <Loading /> : null}
    </>
  );
}
