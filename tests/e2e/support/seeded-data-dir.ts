/**
 * One first start per e2e run, copied for every server (issue 39). The first start of a server imports the seed
 * into its data dir, creates the administrator, the subscribers database and the alerts' baseline, and
 * start-test-server.ts adds the viewer. The first e2e server of a run (under a lock: the others wait) does that
 * once into a template dir, by running start-test-server.ts itself on it with the HTTPS front off and stopping it;
 * every e2e server then starts on its own copy, so none writes another's files. The HTTPS front's certificate is
 * not in the template: a server that serves HTTPS generates its own on start, as a first start does.
 *
 * The template's path comes from E2E_SEED_DIR, which playwright.config.ts sets once per run (so a template never
 * outlives the build and seed it was made from); without it, start-test-server.ts starts on an empty dir.
 */
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { TEST_NOW } from './servers'

export const SEED_DIR_ENV = 'E2E_SEED_DIR'
/** Set in the child that makes the template: it stops once the viewer is added. */
export const SEED_ONLY_ENV = 'E2E_SEED_ONLY'

/** What start-test-server.ts prints once its data dir is ready, before the server starts on it. */
export const DATA_DIR_READY = 'e2e server: data dir ready'

/** A first start on a loaded machine takes minutes; a waiting server gives up after this. */
const WAIT_MS = 170_000

/** Fills `dataDir` (missing or empty) with a copy of the run's template, made first if no server made it yet. */
export async function copySeededDataDir(template: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty: a copy of the seeded data dir goes only into an empty one`)
  }
  await ensureTemplate(template)
  cpSync(template, dataDir, { recursive: true })
}

async function ensureTemplate(template: string): Promise<void> {
  const lock = `${template}.lock`
  try {
    mkdirSync(lock)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return waitForTemplate(template)
  }
  if (existsSync(template)) return
  const building = `${template}.building`
  rmSync(building, { recursive: true, force: true })
  try {
    await firstStart(building)
    renameSync(building, template)
  } catch (error) {
    writeFileSync(`${template}.failed`, String(error))
    throw error
  }
}

async function waitForTemplate(template: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS
  while (!existsSync(template)) {
    if (existsSync(`${template}.failed`)) {
      throw new Error(`the first start that makes ${template} failed: see the first e2e server's output`)
    }
    if (Date.now() > deadline) throw new Error(`${template} was not made within ${WAIT_MS / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** A port nobody listens on now, from the system's ephemeral range (outside E2E_PORT's range). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/**
 * start-test-server.ts on `dataDir` with the run's environment, the pinned clock, no HTTPS front and a port no
 * test polls (a webServer's own port would look ready to Playwright while this start runs): resolves once it
 * stopped cleanly after its first start.
 */
async function firstStart(dataDir: string): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    [SEED_DIR_ENV]: '',
    [SEED_ONLY_ENV]: '1',
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HTTPS_PORT: '0',
    TEST_NOW,
    LOG_LEVEL: 'warn',
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/start-test-server.ts'], {
    env,
    // Its output goes to stderr: its stdout must not say DATA_DIR_READY for the server that waits on it.
    stdio: ['ignore', 2, 'inherit'],
  })
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (exitCode) => resolve(exitCode))
  })
  if (code !== 0) throw new Error(`the first start on ${dataDir} exited with ${code}`)
}
