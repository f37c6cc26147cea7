import { describe, expect, it } from 'vitest'
import { selectedPhases, suitePhases, type Lane } from './suite-phases'

const names = (phases: Lane[][]) => phases.map((phase) => phase.map((lane) => lane.map((step) => step.name)))

describe('npm test phases', () => {
  it('runs the build, the browser tests and lint beside TypeGen, typecheck and the unit suite', () => {
    expect(names(selectedPhases(suitePhases({}), []))).toEqual([
      [
        ['build', 'e2e', 'lint'],
        ['typegen', 'typecheck', 'unit'],
      ],
    ])
  })

  it('with UNIT_BESIDE_E2E=0, runs lint beside TypeGen, typecheck and the build, then the unit suite, then the browser tests', () => {
    expect(names(suitePhases({ UNIT_BESIDE_E2E: '0' }))).toEqual([
      [['lint'], ['typegen', 'typecheck', 'build']],
      [['unit']],
      [['e2e']],
    ])
  })

  it('starts at --from (in the order of their inputs) and keeps only --only, dropping empty lanes and phases', () => {
    const phases = suitePhases({})
    expect(names(selectedPhases(phases, ['--from=build']))).toEqual([[['build', 'e2e'], ['unit']]])
    expect(names(selectedPhases(phases, ['--from=unit']))).toEqual([[['e2e'], ['unit']]])
    expect(names(selectedPhases(phases, ['--only=typecheck,e2e']))).toEqual([[['e2e'], ['typecheck']]])
    expect(names(selectedPhases(suitePhases({ UNIT_BESIDE_E2E: '0' }), ['--from=build']))).toEqual([
      [['build']],
      [['unit']],
      [['e2e']],
    ])
  })

  it('refuses a step it does not know, naming the steps', () => {
    expect(() => selectedPhases(suitePhases({}), ['--only=units'])).toThrow(
      'unknown step "units"; steps: typegen, lint, typecheck, build, unit, e2e',
    )
  })
})
