import { createClient } from '@sanity/client'
import { defineConfig, type Config, type Tool } from 'sanity'
import { structureTool } from 'sanity/structure'
import type { ContentConfig } from '../web/src/config/public-config'
import { STUDIO_PATH } from '../web/src/lib/preview/preview-contract'
import { sitePresentationTool } from './presentation'
import { schemaTypes } from './schema-types'
import { singletonsPlugin } from './singletons-plugin'
import { structure } from './structure'
import { fansTool } from './tools/fans/fans-tool'
import { subscribersTool } from './tools/subscribers/subscribers-tool'

export const STUDIO_BASE_PATH = STUDIO_PATH

/** What the Studio needs to know to pick its backend. */
export type StudioSettings =
  /** The embedded content API; `apiHost` is `<origin>/content` of the page the Studio runs on. */
  | { backend: 'local'; dataset: string; apiHost: string }
  | { backend: 'cloud'; projectId: string; dataset: string }

/** The settings for a page at `origin` (e.g. https://localhost:3443) from the public content config. */
export function studioSettingsFrom(
  content: Pick<ContentConfig, 'backend' | 'projectId' | 'dataset'>,
  origin: string,
): StudioSettings {
  return content.backend === 'cloud'
    ? { backend: 'cloud', projectId: content.projectId, dataset: content.dataset }
    : { backend: 'local', dataset: content.dataset, apiHost: `${origin}/content` }
}

/**
 * Builds the one Studio workspace. Pure (no globals), so both backends are unit-tested and the same
 * function serves the browser (/admin) and the Sanity CLI (schema extract, typegen). `title` is the band's name
 * from the site settings (the admin page reads them; ADR 074); the CLI shows no title and passes none.
 */
export function createStudioConfig(settings: StudioSettings, { title }: { title?: string } = {}): Config {
  const common = {
    name: 'default',
    ...(title ? { title } : {}),
    basePath: STUDIO_BASE_PATH,
    schema: { types: schemaTypes },
    // The site beside the form, in draft mode, with click to edit (ADR 160).
    plugins: [structureTool({ structure, title: 'Content' }), sitePresentationTool(), singletonsPlugin()],
    // The newsletter's subscribers, managed through the site's own admin API (server/newsletter); with the
    // embedded content API also the fans per area and the show alerts (server/show-alerts).
    tools: (prev: Tool[]) => [
      ...prev,
      subscribersTool(settings.backend),
      ...(settings.backend === 'local' ? [fansTool()] : []),
    ],
  }
  if (settings.backend === 'cloud') {
    // Sanity's hosted API with its own login; everything else at Sanity's defaults.
    return defineConfig({ ...common, projectId: settings.projectId, dataset: settings.dataset })
  }
  return defineConfig({
    ...common,
    projectId: 'local',
    dataset: settings.dataset,
    apiHost: settings.apiHost,
    // The client would put the project id in front of the host (local.localhost); our API has no
    // per-project hostnames. Beta option, pinned with the exact sanity version (ADR 051).
    unstable_clientFactory: (options) => createClient({ ...options, useProjectHostname: false }),
    // Tokens in localStorage from our login page's #sid hand-back; no third-party cookies involved.
    auth: { loginMethod: 'token' },
    // Content Releases and Scheduled Drafts (issue 38): the content API serves the release actions, the
    // release documents and their schedules, and says so in its feature list (studio-stubs.ts), which also
    // brings the perspective menu. The Studio shows and picks times in the zone of the browser, or the one the
    // manager chose in its time-zone menu (kept in the user's key-value store); they are stored as UTC.
    releases: { enabled: true },
    scheduledDrafts: { enabled: true },
    // Features whose endpoints the content API does not serve (ADR 051): switched off rather
    // than left to fail in the console. Scheduled Publishing is the older per-document scheduler that
    // Scheduled Drafts replaces.
    scheduledPublishing: { enabled: false },
    tasks: { enabled: false },
    announcements: { enabled: false },
    mediaLibrary: { enabled: false },
    document: { comments: { enabled: false } },
    // The Events API is not served; history uses the transactions log with mendoza effects.
    beta: { eventsAPI: { documents: false, releases: false } },
    // groq-js has no text:: functions; the legacy search strategy uses plain `match`.
    search: { strategy: 'groqLegacy' },
  })
}
