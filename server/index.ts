import './entry-guard'
import { EnvError, parseEnv, type Env } from './env'
import { createLogger } from './logger'
import { installProcessGuard } from './process-guard'
import { claimStartUp, StartUpError } from './start-up-claims'

/**
 * The server's entry point (`npm start`). It claims the data dir and checks its ports before it loads the app's
 * modules (serve.ts): a second copy of the server, or one whose port is taken, says so and exits at once, without
 * loading the renderer, the content engine and the Studio's libraries first.
 */

function loadEnv(): Env {
  try {
    return parseEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

async function main() {
  const env = loadEnv()
  const logger = createLogger(env)
  installProcessGuard(logger)
  await claimStartUp(env)
  const { serve } = await import('./serve')
  await serve(env, logger)
}

main().catch((error: unknown) => {
  // A start-up failure the operator must fix is one line; anything else is a bug, shown with its stack.
  console.error(error instanceof StartUpError ? `Cannot start: ${error.message}` : error)
  process.exit(1)
})
