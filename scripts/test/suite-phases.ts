/** The steps of `npm test` (scripts/test/run-suite.ts), its phases and lanes, and which of them a run selects. */

export type Step = { name: string; command: string }
/** Steps run one after another. */
export type Lane = Step[]

/**
 * Each phase's lanes run side by side. The unit suite runs beside the browser tests unless UNIT_BESIDE_E2E=0: on
 * a machine whose cores other work already fills, its time-limit tests (query and request limits, crash loops)
 * need the cores the browser tests would take.
 */
export function suitePhases(env: NodeJS.ProcessEnv): Lane[][] {
  const unit: Lane = [{ name: 'unit', command: 'npm run test:unit' }]
  const e2e: Lane = [{ name: 'e2e', command: 'npm run test:e2e' }]
  return [
    [
      [{ name: 'lint', command: 'npm run lint' }],
      [
        { name: 'typegen', command: 'npm run typegen' },
        { name: 'typecheck', command: 'npm run typecheck' },
        // TypeGen ran just before: the build's pre-step is skipped.
        { name: 'build', command: 'npm run build --ignore-scripts' },
      ],
    ],
    ...(env.UNIT_BESIDE_E2E === '0' ? [[unit], [e2e]] : [[unit, e2e]]),
  ]
}

/** `--from=<step>` drops the steps listed before it, `--only=<step>[,<step>]` keeps just those; empty lanes and phases go. */
export function selectedPhases(phases: Lane[][], args: string[]): Lane[][] {
  const names = phases.flat(2).map((step) => step.name)
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
