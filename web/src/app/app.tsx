import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { StrictMode, type ReactNode } from 'react'
import { ContentProvider } from '../lib/content-context'
import type { ContentClient } from '../lib/content-client'
import { NowProvider } from '../lib/now'
import { PublicConfigProvider } from '../lib/public-config-context'
import type { AppState } from './app-state'
import { Document } from './document'

/** The providers both renders share; the router provider (static or browser) comes in as children. */
export function App({
  state,
  queryClient,
  contentClient,
  children,
}: {
  state: AppState
  queryClient: QueryClient
  contentClient: ContentClient
  children: ReactNode
}) {
  return (
    <StrictMode>
      <PublicConfigProvider value={state.config}>
        <NowProvider serverNow={Date.parse(state.now)}>
          <ContentProvider client={contentClient} config={state.config.content}>
            <QueryClientProvider client={queryClient}>
              <Document assets={state.assets}>{children}</Document>
            </QueryClientProvider>
          </ContentProvider>
        </NowProvider>
      </PublicConfigProvider>
    </StrictMode>
  )
}
