import { describe, expect, it } from 'vitest'
import { selectedPhases, suitePhases, type Lane } from './suite-phases'

const names = (phases: Lane[][]) => phases.map((phase) => phase.map((lane) => lane.map((step) => step.name)))

describe('npm test phases', () => {
  it('runs lint beside TypeGen, typecheck and the build, then the unit suite beside the browser tests', () => {
    expect(names(selectedPhases(suitePhases({}), []))).toEqual([
      [['lint'], ['typegen', 'typecheck', 'build']],
      [['unit'], ['e2e']],
    ])
  })

  it('runs the unit suite and the browser tests one after the other with UNIT_BESIDE_E2E=0', () => {
    expect(names(suitePhases({ UNIT_BESIDE_E2E: '0' })).slice(1)).toEqual([[['unit']], [['e2e']]])
  })

  it('starts at --from and keeps only --only, dropping empty lanes and phases', () => {
    const phases = suitePhases({})
    expect(names(selectedPhases(phases, ['--from=build']))).toEqual([[['build']], [['unit'], ['e2e']]])
    expect(names(selectedPhases(phases, ['--only=typecheck,e2e']))).toEqual([[['typecheck']], [['e2e']]])
  })

  it('refuses a step it does not know, naming the steps', () => {
    expect(() => selectedPhases(suitePhases({}), ['--only=units'])).toThrow(
      'unknown step "units"; steps: lint, typegen, typecheck, build, unit, e2e',
    )
  })
})
