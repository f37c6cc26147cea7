/** Playwright's global teardown: the run's seeded template (seeded-data-dir.ts) goes; each server's copy is its own. */
import { rmSync } from 'node:fs'
import { SEED_DIR_ENV } from './seeded-data-dir'

export default function removeSeedTemplate(): void {
  const template = process.env[SEED_DIR_ENV]
  if (!template) return
  for (const suffix of ['', '.lock', '.building', '.failed']) {
    rmSync(`${template}${suffix}`, { recursive: true, force: true })
  }
}
