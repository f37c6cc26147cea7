import { readFileSync } from 'node:fs'

/**
 * The oldest Node.js this project runs on, from `engines.node` in package.json (the one place it is written),
 * which must have the form `>=MAJOR.MINOR.PATCH`.
 */
export function requiredNodeVersion(enginesNode: string): [number, number, number] {
  const match = /^>=(\d+)\.(\d+)\.(\d+)$/.exec(enginesNode.trim())
  if (!match) throw new Error(`engines.node must read ">=MAJOR.MINOR.PATCH", not "${enginesNode}"`)
  return [Number(match[1]), Number(match[2]), Number(match[3])]
}

/** Whether `version` (`process.versions.node`, e.g. `24.21.0`) is at least `required`. */
export function isSupportedNode(version: string, required: readonly [number, number, number]): boolean {
  const parts = version.split('.').map(Number)
  for (let i = 0; i < 3; i++) {
    const have = parts[i] ?? 0
    if (have !== required[i]) return have > required[i]!
  }
  return true
}

/**
 * Stops the process with a clear message on an older Node.js. Called first thing by every entry point: an older
 * runtime otherwise fails later and obscurely (better-sqlite3 13 crashes Node 20 with a segmentation fault).
 */
export function refuseUnsupportedNode(packageJsonUrl: URL): void {
  const { engines } = JSON.parse(readFileSync(packageJsonUrl, 'utf8')) as { engines: { node: string } }
  const required = requiredNodeVersion(engines.node)
  if (isSupportedNode(process.versions.node, required)) return
  console.error(
    `This server needs Node.js ${required.join('.')} or later (Node 24 LTS); this is Node.js ${process.versions.node}` +
      ` at ${process.execPath}. Install Node 24 (README, "Prerequisites") and start again.`,
  )
  process.exit(1)
}
