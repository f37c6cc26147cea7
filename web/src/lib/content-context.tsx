import { createContext, useContext, useMemo, type ReactNode } from 'react'
import type { ContentConfig } from '../config/public-config'
import type { ContentClient } from './content-client'
import { createImageUrlFactory, type ImageUrlFactory } from './image-url'

type ContentContextValue = { client: ContentClient; imageUrl: ImageUrlFactory }

const ContentContext = createContext<ContentContextValue | null>(null)

/**
 * Hands components the content client (server: loopback to the content API; browser: the public URL) and the
 * image URL builder (always the public asset URLs, so both renders produce the same markup).
 */
export function ContentProvider({
  client,
  config,
  children,
}: {
  client: ContentClient
  config: ContentConfig
  children: ReactNode
}) {
  const value = useMemo(() => ({ client, imageUrl: createImageUrlFactory(config) }), [client, config])
  return <ContentContext.Provider value={value}>{children}</ContentContext.Provider>
}

function useContentContext(): ContentContextValue {
  const value = useContext(ContentContext)
  if (!value) throw new Error('Content hooks must be used inside <ContentProvider>')
  return value
}

export function useContentClient(): ContentClient {
  return useContentContext().client
}

export function useImageUrl(): ImageUrlFactory {
  return useContentContext().imageUrl
}
