/** The steps of `npm test` (scripts/test/run-suite.ts), its phases and lanes, and which of them a run selects. */

export type Step = { name: string; command: string }
/** Steps run one after another. */
export type Lane = Step[]

/** Every step in the order `--from` counts them: a step's inputs come before it. */
const STEP_ORDER = ['typegen', 'lint', 'typecheck', 'build', 'unit', 'e2e']

/**
 * By default one phase of two lanes: the build, the browser tests and then lint, beside TypeGen, typecheck and
 * then the unit suite. The build reads no generated file (TypeGen's output is types, which the bundler drops),
 * so the browser tests start as soon as it is done; the checks and the unit suite fill the other core meanwhile.
 * Typecheck comes after TypeGen in its lane, so it checks the types TypeGen wrote. Lint, which needs nothing
 * before it, goes last in the browser tests' lane: beside them the unit suite's lane was the longer one
 * (docs/logs/test-suite-times.md).
 * With UNIT_BESIDE_E2E=0 (a machine whose cores other work already fills: the unit suite's time-limit tests need
 * the cores the browser tests would take), lint beside TypeGen, typecheck and the build, then the unit suite,
 * then the browser tests.
 */
export function suitePhases(env: NodeJS.ProcessEnv): Lane[][] {
  const step = (name: string, command: string): Step => ({ name, command })
  const typegen = step('typegen', 'npm run typegen')
  const lint = step('lint', 'npm run lint')
  const typecheck = step('typecheck', 'npm run typecheck')
  // Its pre-step is TypeGen, which the other lane runs.
  const build = step('build', 'npm run build --ignore-scripts')
  const unit = step('unit', 'npm run test:unit')
  const e2e = step('e2e', 'npm run test:e2e')
  if (env.UNIT_BESIDE_E2E === '0') return [[[lint], [typegen, typecheck, build]], [[unit]], [[e2e]]]
  return [
    [
      [build, e2e, lint],
      [typegen, typecheck, unit],
    ],
  ]
}

/** `--from=<step>` drops the steps listed before it, `--only=<step>[,<step>]` keeps just those; empty lanes and phases go. */
export function selectedPhases(phases: Lane[][], args: string[]): Lane[][] {
  const names = STEP_ORDER.filter((name) => phases.flat(2).some((step) => step.name === name))
  const from = args.find((arg) => arg.startsWith('--from='))?.slice('--from='.length)
  const only = args
    .find((arg) => arg.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',')
  for (const name of [from, ...(only ?? [])]) {
    if (name !== undefined && !names.includes(name)) {
      throw new Error(`unknown step "${name}"; steps: ${names.join(', ')}`)
    }
  }
  const start = from ? names.indexOf(from) : 0
  const wanted = (step: Step) => names.indexOf(step.name) >= start && (!only || only.includes(step.name))
  return phases
    .map((phase) => phase.map((lane) => lane.filter(wanted)).filter((lane) => lane.length > 0))
    .filter((phase) => phase.length > 0)
}
