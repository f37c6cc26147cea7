import { createClient, type ClientConfig, type SanityClient } from '@sanity/client'
import type { FilterDefault } from '@sanity/client/stega'
import type { ContentConfig } from '../../web/src/config/public-config'
import type { ContentClient } from '../../web/src/lib/content-client'
import {
  perspectiveKey,
  STUDIO_PATH,
  type PreviewPerspective,
} from '../../web/src/lib/preview/preview-contract'

/**
 * The content fields whose strings carry stega edit links in draft mode (click to edit, issue 28). An allowlist,
 * not Sanity's default denylist alone: every other string (slugs, time zones, kinds, statuses, country codes,
 * alt text, the band's name in labels) is read by code or assistive technology, where invisible characters
 * would change what it does. Values that are not plain text (dates, images, links, statuses) are marked with
 * `data-sanity` attributes by the components instead.
 */
export const STEGA_FIELDS: ReadonlySet<string> = new Set([
  'tagline',
  'venue',
  'city',
  'caption',
  'credit',
  'title',
  'excerpt',
  'heading',
  'notes',
  // Portable Text spans (the about text, news bodies, the tour promo's copy) and the newsletter popup's text.
  'text',
])

/** The members of a text written in both languages (ADR 193): `tagline.es` is the tagline's Spanish text. */
const LOCALE_MEMBERS: ReadonlySet<string> = new Set(['en', 'es'])

/**
 * Whether a string gets its edit link: by the field it came from, which for a text in both languages is the
 * field holding the `{en, es}` pair. The link itself names the member read (`notes.es` on a Spanish page,
 * `notes.en` where English stands in), so the Studio opens that language's input.
 */
export const stegaFilter: FilterDefault = (props) => {
  const last = props.sourcePath.at(-1)
  const field = typeof last === 'string' && LOCALE_MEMBERS.has(last) ? props.sourcePath.at(-2) : last
  return typeof field === 'string' && STEGA_FIELDS.has(field) && props.filterDefault(props)
}

export type DraftReadOptions = {
  content: ContentConfig
  /** A token that may read drafts, held by the server only. */
  token: string
  /** The embedded content API over loopback (`http://127.0.0.1:<port>/content`); unused with a Sanity project. */
  loopbackApiUrl: string
}

/**
 * The @sanity/client configuration for draft reads, the same for both backends but for where the API is: the
 * drafts perspective, no CDN, the server's token, and stega encoding from the content source maps.
 */
export function draftClientConfig({ content, token, loopbackApiUrl }: DraftReadOptions): ClientConfig {
  const common: ClientConfig = {
    dataset: content.dataset,
    apiVersion: content.apiVersion,
    token,
    useCdn: false,
    perspective: 'drafts',
    stega: { enabled: true, studioUrl: STUDIO_PATH, filter: stegaFilter },
  }
  return content.backend === 'cloud'
    ? { ...common, projectId: content.projectId }
    : { ...common, projectId: content.projectId, apiHost: loopbackApiUrl, useProjectHostname: false }
}

/** The same client without stega: for checking preview secrets, which must come back as stored. */
export function plainClient(client: SanityClient): SanityClient {
  return client.withConfig({ stega: false })
}

/**
 * A ContentClient (the interface the site's loaders read through) over @sanity/client in draft mode: results
 * with stega, and the sync tags the live stream names (what the query read).
 */
export function draftContentClient(client: SanityClient): ContentClient {
  return {
    async fetch<Result>(
      query: string,
      params: Record<string, unknown> = {},
      options?: { onSyncTags?: (tags: string[] | undefined) => void },
    ) {
      const response = await client.fetch<Result>(query, params, { filterResponse: false })
      options?.onSyncTags?.(response.syncTags)
      return response.result
    },
  }
}

/** How a draft page's reads are made, as plain data: a worker thread rebuilds the client from it. */
export type ThreadReads = DraftReadOptions & { perspective: PreviewPerspective }

/** A draft ContentClient that says how to read the same in another thread (server/ssr/draft-render-pool.ts). */
export function withThreadReads(client: ContentClient, reads: ThreadReads): ContentClient {
  return Object.assign(client, { threadReads: reads })
}

export function threadReadsOf(client: ContentClient | undefined): ThreadReads | undefined {
  return (client as { threadReads?: ThreadReads } | undefined)?.threadReads
}

/** Perspectives whose clients are kept at once; a session that names many releases makes the oldest go. */
const KEPT_PERSPECTIVES = 16

/**
 * One client per API address (the loopback port is known once the server listens) and perspective: drafts,
 * published (the Presentation tool's "Published" switch: the same private, uncached page, without the drafts),
 * or a release stack (the tool previewing a release: its versions over the drafts).
 */
export function draftClientsFor(options: Omit<DraftReadOptions, 'loopbackApiUrl'>) {
  let last: { url: string; drafts: SanityClient; byPerspective: Map<string, SanityClient> } | undefined
  return (loopbackApiUrl: string, perspective: PreviewPerspective = 'drafts'): SanityClient => {
    if (last?.url !== loopbackApiUrl) {
      const drafts = createClient(draftClientConfig({ ...options, loopbackApiUrl }))
      last = { url: loopbackApiUrl, drafts, byPerspective: new Map([['drafts', drafts]]) }
    }
    const key = perspectiveKey(perspective)
    let client = last.byPerspective.get(key)
    if (!client) {
      client = last.drafts.withConfig({
        perspective: typeof perspective === 'string' ? perspective : [...perspective],
      })
      if (last.byPerspective.size >= KEPT_PERSPECTIVES) {
        const oldest = [...last.byPerspective.keys()].find((name) => name !== 'drafts')
        if (oldest) last.byPerspective.delete(oldest)
      }
      last.byPerspective.set(key, client)
    }
    return client
  }
}
