import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Logger } from './logger'
import { installProcessGuard } from './process-guard'

describe('process guard', () => {
  const before = {
    rejection: process.listeners('unhandledRejection'),
    exception: process.listeners('uncaughtException'),
  }
  afterEach(() => {
    for (const listener of process.listeners('unhandledRejection')) {
      if (!before.rejection.includes(listener)) process.off('unhandledRejection', listener)
    }
    for (const listener of process.listeners('uncaughtException')) {
      if (!before.exception.includes(listener)) process.off('uncaughtException', listener)
    }
    vi.restoreAllMocks()
  })

  it('logs stray rejections and uncaught exceptions and keeps serving, and exits when they keep coming', () => {
    const logger = { error: vi.fn(), fatal: vi.fn() } as unknown as Logger
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
    installProcessGuard(logger, { maxUncaught: 3 })

    process.emit('unhandledRejection', new RangeError('Maximum call stack size exceeded'), Promise.resolve())
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(RangeError) }),
      'unhandled promise rejection (kept serving)',
    )
    const uncaught = (error: Error) =>
      (process.emit as (event: string, ...args: unknown[]) => boolean)(
        'uncaughtException',
        error,
        'uncaughtException',
      )
    for (let i = 0; i < 3; i++) uncaught(new Error(`bug ${i}`))
    expect(exit).not.toHaveBeenCalled()
    uncaught(new Error('bug 3'))
    expect(logger.fatal).toHaveBeenCalled()
    expect(exit).toHaveBeenCalledWith(1)
  })
})
