/**
 * `npm run bench`: runs every scripts/bench/*.bench.ts in turn (or only those whose name contains the first
 * argument) and prints their figures. Benchmarks measure; they never fail on a number.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const dir = path.dirname(fileURLToPath(import.meta.url))
const filter = process.argv[2] ?? ''
const benches = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts') && file.includes(filter))
  .sort()

if (benches.length === 0) {
  console.error(`No benchmark matches "${filter}" in ${dir}`)
  process.exit(1)
}

let failed = 0
for (const file of benches) {
  console.log(`\n=== ${file} ===`)
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' })
  if (result.status !== 0) failed++
}
process.exit(failed === 0 ? 0 : 1)
