/**
 * `npm test`: typecheck, lint, unit and integration tests, build, end-to-end tests, in lanes that run side by side,
 * each lane's steps one after another (`suite-phases.ts` says which and why): the build, the browser tests and
 * lint in one lane, TypeGen, typecheck and then the unit suite in the other. The unit suite keeps about one
 * core busy (its slow files wait on timers, child servers and kill -9 loops), the browser tests wait on page
 * loads and servers: together they fill both cores.
 *
 * Each step's lines are prefixed with its name; the first failing step stops the run. Prints every step's wall
 * time at the end.
 *
 * `npm test -- --from=<step>` starts at that step (after a fix, say), `--only=<step>[,<step>]` runs just those.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { selectedPhases, suitePhases, type Lane, type Step } from './suite-phases'

const running = new Set<ChildProcess>()
const timings: Array<{ name: string; seconds: number; ok: boolean }> = []
let failed = false

/** Copies a child's output line by line with a prefix, so side-by-side steps stay readable. */
function prefixLines(stream: NodeJS.ReadableStream, prefix: string, out: NodeJS.WriteStream): void {
  let rest = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n')
    rest = lines.pop() ?? ''
    for (const line of lines) out.write(`${prefix}${line}\n`)
  })
  stream.on('end', () => {
    if (rest) out.write(`${prefix}${rest}\n`)
  })
}

function runStep(step: Step, alone: boolean): Promise<boolean> {
  const startedAt = Date.now()
  // Its own process group, so a failing neighbour stops the whole tree (npm, its shell, the tool).
  const child = spawn(step.command, {
    shell: true,
    detached: true,
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  if (!alone) {
    const prefix = `[${step.name}] `
    prefixLines(child.stdout!, prefix, process.stdout)
    prefixLines(child.stderr!, prefix, process.stderr)
  }
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      running.delete(child)
      const ok = code === 0
      timings.push({ name: step.name, seconds: (Date.now() - startedAt) / 1000, ok })
      if (!ok) console.error(`\n${step.name} failed (${signal ?? `exit code ${code}`}): ${step.command}\n`)
      resolve(ok)
    })
  })
}

/** How long a stopped step may take to tidy up before its process group is killed. */
const STOP_GRACE_MS = 15_000

const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    process.kill(-child.pid!, signal)
  } catch {
    // Already gone.
  }
}

/**
 * Stops every running step and resolves once they have ended. SIGINT, as Ctrl+C: Playwright stops the webServers it
 * started in process groups of their own, which a SIGTERM to the step's group left listening (and the next run
 * failed on their ports). A step still running after the grace time is killed.
 */
function stopRunning(): Promise<void> {
  const children = [...running]
  for (const child of children) signalGroup(child, 'SIGINT')
  return Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve()
          const kill = setTimeout(() => signalGroup(child, 'SIGKILL'), STOP_GRACE_MS)
          child.once('close', () => {
            clearTimeout(kill)
            resolve()
          })
        }),
    ),
  ).then(() => {})
}

/** Runs a lane's steps in turn; stops at the first failure (and stops the other lanes). */
async function runLane(lane: Lane, alone: boolean): Promise<boolean> {
  for (const step of lane) {
    if (failed) return false
    if (!(await runStep(step, alone))) {
      failed = true
      await stopRunning()
      return false
    }
  }
  return true
}

async function runPhase(phase: Lane[]): Promise<boolean> {
  const results = await Promise.all(phase.map((lane) => runLane(lane, phase.length === 1)))
  return results.every(Boolean)
}

function printTimings(totalSeconds: number): void {
  console.log('\nstep        seconds')
  for (const { name, seconds, ok } of timings) {
    console.log(`${name.padEnd(12)}${seconds.toFixed(0).padStart(7)}${ok ? '' : '  failed'}`)
  }
  console.log(`${'total'.padEnd(12)}${totalSeconds.toFixed(0).padStart(7)}`)
}

async function main(): Promise<void> {
  const phases = selectedPhases(suitePhases(process.env), process.argv.slice(2))
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stopRunning().then(() => process.exit(1))
    })
  }
  const startedAt = Date.now()
  let ok = true
  for (const phase of phases) {
    ok = await runPhase(phase)
    if (!ok) break
  }
  printTimings((Date.now() - startedAt) / 1000)
  process.exitCode = ok ? 0 : 1
}

await main()
