// The part of autocannon's API that bench/api uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p97_5: number; p99: number; max: number }
  type Options = {
    url: string
    connections?: number
    duration?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    requests?: Array<{ setupRequest?: (request: Record<string, unknown>) => Record<string, unknown> }>
  }
  type Result = {
    requests: Histogram
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
  }
  export default function autocannon(options: Options): Promise<Result>
}
