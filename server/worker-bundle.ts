import { createHash, randomUUID } from 'node:crypto'
import { lstatSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'

const bundles = new Map<string, Promise<string>>()

type BundleOptions = {
  /**
   * Packages with native code (better-sqlite3): imported from where they are installed, since a bundle in the
   * temp dir could neither hold nor find their compiled addon.
   */
  nativePackages?: string[]
}

/**
 * Whether `file` is a plain file of this user that nobody else may change: only then is an existing bundle in the
 * shared temp dir (whose names anyone can know ahead) ours to run.
 */
function isOwnFile(file: string): boolean {
  try {
    const stat = lstatSync(file)
    return stat.isFile() && stat.uid === process.getuid?.() && (stat.mode & 0o022) === 0
  } catch {
    return false
  }
}

/** Resolves each of `names` to the installed file, left out of the bundle: its native code is found beside it. */
function installedPackages(names: string[]): Plugin {
  const require = createRequire(import.meta.url)
  const installed = new Set(names)
  return {
    name: 'installed-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        installed.has(args.path) ? { path: require.resolve(args.path), external: true } : undefined,
      )
    },
  }
}

async function bundle(entry: URL, name: string, { nativePackages = [] }: BundleOptions): Promise<string> {
  const result = await build({
    plugins: nativePackages.length ? [installedPackages(nativePackages)] : [],
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    logLevel: 'silent',
    write: false,
    // Bundled CommonJS packages (nodemailer) call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
  })
  const code = result.outputFiles[0]!.contents
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16)
  const file = path.join(os.tmpdir(), `band-site-${name}-${hash}.mjs`)
  if (isOwnFile(file)) return file
  // Written aside, then renamed into place: another process starting at once never reads half a file.
  const partial = path.join(os.tmpdir(), `band-site-${name}-${hash}-${randomUUID()}.mjs`)
  writeFileSync(partial, code, { mode: 0o600 })
  try {
    renameSync(partial, file)
  } catch {
    // The name is someone else's file: run our own copy, removed at exit.
    process.once('exit', () => rmSync(partial, { force: true }))
    return partial
  }
  return file
}

/**
 * A worker thread's code as one plain JavaScript file, built once per process with esbuild (tsx's own compiler).
 * Worker threads do not inherit the TypeScript loader, and registering it in each one made a worker slow to
 * start (ADR 080). The file is named by its content, so every process of one release shares it and nothing piles
 * up in the temp dir when a process is killed before it could clean up (`kill -9`).
 */
export function bundledWorker(entry: URL, name: string, options: BundleOptions = {}): Promise<string> {
  let found = bundles.get(entry.href)
  if (!found) {
    found = bundle(entry, name, options)
    bundles.set(entry.href, found)
  }
  return found
}
