import { openPostgresSubscribersRepository } from './postgres-subscribers-repository'
import { createTestSchema } from './testing/postgres'
import { describeSubscribersRepository } from './testing/subscribers-repository-contract'

describeSubscribersRepository('PostgreSQL', async () => {
  const { pool, drop } = await createTestSchema()
  const repo = await openPostgresSubscribersRepository(pool)
  return {
    repo,
    cleanup: async () => {
      await repo.close()
      await drop()
    },
  }
})
