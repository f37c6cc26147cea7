/**
 * `npm test`: typecheck, lint, unit and integration tests, build, end-to-end tests, with the steps that share
 * nothing run side by side: typecheck beside lint, each keeping one core busy. TypeGen runs alone before the
 * unit tests because it rewrites a source file they import. Each step's lines are prefixed with its name; the first failing step stops its group
 * and the run. Prints every step's wall time at the end.
 *
 * `npm test -- --from=<step>` starts at that step (after a fix, say), `--only=<step>[,<step>]` runs just those.
 */
import { spawn, type ChildProcess } from 'node:child_process'

type Step = { name: string; command: string }

const PHASES: Step[][] = [
  [
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'lint', command: 'npm run lint' },
  ],
  [{ name: 'typegen', command: 'npm run typegen' }],
  // The unit suite holds tests with time limits (query lanes, latency under abuse): the build beside it
  // pushed them past their limits, so it runs after them. TypeGen ran above: the build's pre-step is skipped.
  [{ name: 'unit', command: 'npm run test:unit' }],
  [{ name: 'build', command: 'npm run build --ignore-scripts' }],
  [{ name: 'e2e', command: 'npm run test:e2e' }],
]
const STEP_NAMES = PHASES.flat().map((step) => step.name)

const running = new Set<ChildProcess>()
const timings: Array<{ name: string; seconds: number; ok: boolean }> = []

function selectedPhases(args: string[]): Step[][] {
  const from = args.find((arg) => arg.startsWith('--from='))?.slice('--from='.length)
  const only = args
    .find((arg) => arg.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',')
  for (const name of [from, ...(only ?? [])]) {
    if (name !== undefined && !STEP_NAMES.includes(name)) {
      throw new Error(`unknown step "${name}"; steps: ${STEP_NAMES.join(', ')}`)
    }
  }
  const start = from ? STEP_NAMES.indexOf(from) : 0
  return PHASES.map((phase) =>
    phase.filter((step) => STEP_NAMES.indexOf(step.name) >= start && (!only || only.includes(step.name))),
  ).filter((phase) => phase.length > 0)
}

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

function stopRunning(): void {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
}

async function runPhase(phase: Step[]): Promise<boolean> {
  const results = phase.map((step) =>
    runStep(step, phase.length === 1).then((ok) => {
      if (!ok) stopRunning()
      return ok
    }),
  )
  return (await Promise.all(results)).every(Boolean)
}

function printTimings(totalSeconds: number): void {
  console.log('\nstep        seconds')
  for (const { name, seconds, ok } of timings) {
    console.log(`${name.padEnd(12)}${seconds.toFixed(0).padStart(7)}${ok ? '' : '  failed'}`)
  }
  console.log(`${'total'.padEnd(12)}${totalSeconds.toFixed(0).padStart(7)}`)
}

async function main(): Promise<void> {
  const phases = selectedPhases(process.argv.slice(2))
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopRunning()
      process.exit(1)
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
