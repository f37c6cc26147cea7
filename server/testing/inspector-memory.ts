/**
 * A process's memory after a full garbage collection, read through its inspector (the process runs with
 * `--inspect`): what it still holds, apart from what its allocator keeps of memory already freed (RSS).
 */
export type HeldMemory = { heapUsedMb: number; externalMb: number; rssMb: number }

type Reply = { id: number; result?: { result?: { value?: string } } }

export async function heldMemory(inspectPort: number): Promise<HeldMemory> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string
  }[]
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = reject
  })
  let nextId = 0
  const call = (method: string, params: object = {}) =>
    new Promise<Reply>((resolve) => {
      const id = ++nextId
      socket.addEventListener('message', function onReply(event) {
        const reply = JSON.parse(String(event.data)) as Reply
        if (reply.id !== id) return
        socket.removeEventListener('message', onReply)
        resolve(reply)
      })
      socket.send(JSON.stringify({ id, method, params }))
    })
  try {
    await call('HeapProfiler.collectGarbage')
    await call('HeapProfiler.collectGarbage')
    const reply = await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })
    const usage = JSON.parse(reply.result!.result!.value!) as NodeJS.MemoryUsage
    const mb = (bytes: number) => bytes / 1024 / 1024
    return { heapUsedMb: mb(usage.heapUsed), externalMb: mb(usage.external), rssMb: mb(usage.rss) }
  } finally {
    socket.close()
  }
}
