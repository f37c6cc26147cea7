/**
 * Runs before `npm start`: builds the client and SSR bundles when they are missing or older than the
 * sources, so a fresh clone needs only `npm install && npm start`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const root = process.cwd()
const outputs = ['dist/client/.vite/manifest.json', 'dist/server/entry-server.js']
const inputs = [
  'web',
  'studio',
  'content',
  'scripts/build',
  'vite.config.ts',
  'sanity.config.ts',
  'package-lock.json',
]

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
    stat.mtimeMs,
  )
}

export function buildIsStale(): boolean {
  const built = outputs.map((file) => path.join(root, file))
  if (!built.every((file) => existsSync(file))) return true
  const builtAt = Math.min(...built.map((file) => statSync(file).mtimeMs))
  return inputs.some((input) => newestMtime(path.join(root, input)) > builtAt)
}

if (buildIsStale()) {
  console.log('Building the site (sources changed or no build yet)...')
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  process.exit(result.status ?? 1)
}
