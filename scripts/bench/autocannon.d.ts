// Minimal types for the parts of autocannon the benchmarks use (the package ships none).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number }
  type Result = {
    latency: Histogram
    requests: Histogram & { total: number }
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
  }
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string }
  type Options = {
    url: string
    connections?: number
    duration?: number
    workers?: number
    amount?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    /** `setupRequest` may rewrite each request before it is sent, e.g. to make every body unique. */
    requests?: (Request & { setupRequest?: (request: Request) => Request })[]
  }
  export default function autocannon(options: Options): Promise<Result>
}
