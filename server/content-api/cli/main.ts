import '../../entry-guard'
import { EnvError } from '../../env'
import { runCli } from './run-cli'

// `npm run content -- <command>`: account and dataset administration against DATA_DIR.
runCli(process.argv.slice(2), { out: (line) => console.log(line), err: (line) => console.error(line) })
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error)
    process.exit(1)
  })
