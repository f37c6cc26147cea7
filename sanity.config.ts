import { createStudioConfig, type StudioSettings } from './studio/studio-config'

/**
 * The Studio configuration the Sanity CLI loads (`npm run typegen`, `sanity dataset import/export`).
 * The browser builds the same config in web/src/features/admin from the public config instead, so this
 * file is only evaluated by the CLI, where `process.env` exists.
 */
function settingsFromEnv(env: Record<string, string | undefined>): StudioSettings {
  const dataset = env.SANITY_DATASET || 'production'
  return env.SANITY_PROJECT_ID
    ? { backend: 'cloud', projectId: env.SANITY_PROJECT_ID, dataset }
    : { backend: 'local', dataset, apiHost: `https://localhost:${env.HTTPS_PORT || 3443}/content` }
}

export default createStudioConfig(settingsFromEnv(process.env))
