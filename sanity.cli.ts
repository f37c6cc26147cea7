import { defineCliConfig } from 'sanity/cli'

/**
 * Sanity CLI settings: `npm run typegen` (schema extract + typegen) and, in cloud mode, `sanity dataset
 * import/export`. The project id falls back to the embedded content API's `local`; nothing here needs the
 * network, so TypeGen runs offline from a fresh clone.
 */
export default defineCliConfig({
  api: {
    projectId: process.env.SANITY_PROJECT_ID || 'local',
    dataset: process.env.SANITY_DATASET || 'production',
  },
  typegen: {
    path: './web/src/**/*.{ts,tsx}',
    schema: './studio/schema.json',
    generates: './web/src/content/sanity.types.ts',
    // The site reads through its own fetchers, not client.fetch overloads.
    overloadClientMethods: false,
  },
})
