import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { StrictMode, type ReactNode } from 'react'
import { ContentProvider } from '../lib/content-context'
import type { ContentClient } from '../lib/content-client'
import { I18nProvider, type Messages } from '../lib/i18n/messages'
import { NowProvider } from '../lib/now'
import { EditAttributesProvider, type EditAttributes } from '../lib/preview/edit-target'
import { PublicConfigProvider } from '../lib/public-config-context'
import type { AppState } from './app-state'
import { Document } from './document'

/** The providers both renders share; the router provider (static or browser) comes in as children. */
export function App({
  state,
  queryClient,
  contentClient,
  editAttributes,
  messages,
  children,
}: {
  state: AppState
  queryClient: QueryClient
  contentClient: ContentClient
  /** A draft page's click-to-edit attributes (ADR 160). */
  editAttributes?: EditAttributes
  /** The interface strings of `state.locale`, loaded before the render (lib/i18n/messages.tsx). */
  messages: Messages
  children: ReactNode
}) {
  return (
    <StrictMode>
      <I18nProvider locale={state.locale} messages={messages}>
        <PublicConfigProvider value={state.config}>
          <NowProvider serverNow={Date.parse(state.now)}>
            <ContentProvider client={contentClient} config={state.config.content}>
              <QueryClientProvider client={queryClient}>
                <EditAttributesProvider value={editAttributes}>
                  <Document assets={state.assets}>{children}</Document>
                </EditAttributesProvider>
              </QueryClientProvider>
            </ContentProvider>
          </NowProvider>
        </PublicConfigProvider>
      </I18nProvider>
    </StrictMode>
  )
}
