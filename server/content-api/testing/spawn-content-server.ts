import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient, type SanityClient } from '@sanity/client'
import { TEST_TOKENS } from './test-server'

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'start-content-server.ts')

export type SpawnedContentServer = {
  child: ChildProcess
  /** The official client against it, as the test editor or anonymous. */
  client: (token?: keyof typeof TEST_TOKENS) => SanityClient
  /** kill -9, resolved once the process is gone. */
  kill: () => Promise<void>
}

/** The content API alone in a child process on `dataDir` (start-content-server.ts), for crash and restart tests. */
export function spawnContentServer(dataDir: string): Promise<SpawnedContentServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const kill = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGKILL')
    })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const port = /listening (\d+)/.exec(out)?.[1]
      if (!port) return
      const client = (token?: keyof typeof TEST_TOKENS) =>
        createClient({
          projectId: 'local',
          dataset: 'production',
          apiHost: `http://127.0.0.1:${port}/content`,
          useProjectHostname: false,
          apiVersion: '2025-02-19',
          useCdn: false,
          ...(token ? { token: TEST_TOKENS[token] } : {}),
        })
      resolve({ child, client, kill })
    })
    child.on('exit', (code) => reject(new Error(`server exited early (${code})`)))
  })
}
