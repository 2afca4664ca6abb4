import { Component, type ErrorInfo, type ReactNode } from 'react'

import { ErrorScreen } from './error-screen'

type State = { error: unknown }

/** ErrorBoundary catches what escapes the router; 'Tentar novamente' renders the tree again. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error }
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Erro inesperado', error, info.componentStack)
  }

  render() {
    if (this.state.error) return <ErrorScreen onRetry={() => this.setState({ error: null })} />
    return this.props.children
  }
}
