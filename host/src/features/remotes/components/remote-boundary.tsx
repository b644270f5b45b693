/**
 * Where a remote view renders: a spinner while its code loads, and if loading (or rendering) fails a
 * clear message with Retry instead of a blank page. Retry forgets the failed lazy components, so the
 * next render asks the federation runtime again.
 */
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Spinner } from '../../../components/spinner';
import type { RemoteModuleId } from '../../../lib/federation';
import { forgetRemoteComponents } from '../lazy-remote';

interface RemoteBoundaryProps {
  /** The modules rendered inside; forgotten on Retry. */
  modules: readonly RemoteModuleId[];
  /** Called on every render so a retry gets fresh lazy components. */
  children: () => ReactNode;
  /** A changed key (another view) clears a shown error. */
  resetKey?: string;
  /** Replaces the default failure message. */
  fallback?: (retry: () => void) => ReactNode;
}

interface RemoteBoundaryState {
  failed: boolean;
}

export class RemoteBoundary extends Component<RemoteBoundaryProps, RemoteBoundaryState> {
  override state: RemoteBoundaryState = { failed: false };

  static getDerivedStateFromError(): RemoteBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Could not load ${this.props.modules.join(', ')}`, error, info.componentStack);
  }

  override componentDidUpdate(previous: RemoteBoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.retry();
  }

  retry = (): void => {
    forgetRemoteComponents(this.props.modules);
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    if (this.state.failed) {
      return this.props.fallback ? this.props.fallback(this.retry) : <RemoteError onRetry={this.retry} />;
    }
    return <Suspense fallback={<Spinner label="Loading view" />}>{this.props.children()}</Suspense>;
  }
}

export function RemoteError({ onRetry, message }: { onRetry: () => void; message?: string }) {
  return (
    <div className="remote-error" role="alert">
      <p className="remote-error__title">{message ?? 'This part of the app could not be loaded.'}</p>
      <p className="remote-error__hint">Check your connection and try again.</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
