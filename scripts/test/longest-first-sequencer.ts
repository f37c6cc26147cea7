import { readFileSync } from 'node:fs'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** The longest time limit a test file gives its tests (`{ timeout: 120_000 }`, `}, 60_000)`), 0 when none. */
export function declaredLimit(source: string): number {
  const limits = [...source.matchAll(/\btimeout:\s*([\d_]+)|\},\s*([\d_]+)\)/g)].map((match) =>
    Number((match[1] ?? match[2] ?? '0').replace(/_/g, '')),
  )
  return Math.max(0, ...limits)
}

/**
 * Vitest starts the files it has durations for longest first; a fresh clone has none, and its fallback (larger
 * files first) starts a small file that runs for minutes near the end, where one worker finishes it while the
 * other idles. Without durations, the files that give their tests a long time limit start first: the limit is
 * how a file says its tests take long (child servers, crash loops, many renders), so a new one needs no list.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    if (files.every((file) => this.ctx.cache.getTestSpecificationResult(file))) return sorted
    const limits = new Map(files.map((file) => [file, declaredLimit(readFileSync(file.moduleId, 'utf8'))]))
    const project = (file: TestSpecification) => sorted.findIndex((other) => other.project === file.project)
    // Stable: equal limits keep the default order. Each project's files stay together, as the default keeps them.
    return [...sorted].sort((a, b) => project(a) - project(b) || (limits.get(b) ?? 0) - (limits.get(a) ?? 0))
  }
}
