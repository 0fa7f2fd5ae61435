import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, mayReloadForNewVersion, reloadOnceForNewVersion } from '../newVersion';

interface Props {
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
}

interface State {
  error: Error | null;
  /** A part of the app failed to load and the page is reloading onto the new version: show nothing meanwhile. */
  reloading: boolean;
}

/**
 * Catches render errors below it and shows `fallback` instead (React has no hook for this). A part that failed to
 * load because a new version was deployed reloads the page once instead (app/newVersion.ts).
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, reloading: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)), reloading: isChunkLoadError(error) && mayReloadForNewVersion() };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (this.state.reloading && reloadOnceForNewVersion()) return;
    if (this.state.reloading) this.setState({ reloading: false });
    console.error('Render error', error, info.componentStack);
  }

  render() {
    if (this.state.error) return this.state.reloading ? null : this.props.fallback(this.state.error);
    return this.props.children;
  }
}
