import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { contentConfigFor } from '../config/public-config'
import { ContentProvider } from '../lib/content-context'
import type { ContentClient } from '../lib/content-client'
import type { Locale } from '../lib/i18n/locale-contract'
import { NowProvider } from '../lib/now'
import { PublicConfigProvider } from '../lib/public-config-context'
import { withI18n } from './with-i18n'

/**
 * The content a part of the site reads, as the route loaders cache it: by name (`['content', name]`), or by
 * the whole key after `content` separated by `/` (`'shows/upcoming/1/null'` for `['content', 'shows',
 * 'upcoming', 1, null]`; numbers and `null` as JSON reads them).
 */
export type CachedContent = Record<string, unknown>

function queryKey(name: string): unknown[] {
  return ['content', ...name.split('/').map((part) => (/^(\d+|null)$/.test(part) ? JSON.parse(part) : part))]
}

const noFetches: ContentClient = { fetch: () => Promise.reject(new Error('the cache holds everything here')) }

/**
 * Renders a part of the public site as a page of `locale` draws it: the providers of app.tsx around it, at
 * `path`, with the content already in the query cache as the server's loaders leave it.
 */
export function renderSitePart(
  ui: ReactNode,
  {
    locale,
    content,
    path = '/',
    now = '2025-10-01T19:00:00Z',
  }: {
    locale: Locale
    content: CachedContent
    path?: string
    now?: string
  },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  // Content that exists per language is cached under its language too (the key ends with it), as loaders do.
  for (const [name, data] of Object.entries(content)) {
    queryClient.setQueryData(queryKey(name), data)
    queryClient.setQueryData(queryKey(`${name}/${locale}`), data)
  }
  const config = { siteUrl: 'https://band.example', content: contentConfigFor({ dataset: 'production' }) }
  return render(
    withI18n(
      <PublicConfigProvider value={config}>
        <NowProvider serverNow={Date.parse(now)}>
          <ContentProvider client={noFetches} config={config.content}>
            <QueryClientProvider client={queryClient}>
              <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
            </QueryClientProvider>
          </ContentProvider>
        </NowProvider>
      </PublicConfigProvider>,
      locale,
    ),
  )
}
