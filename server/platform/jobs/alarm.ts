/** A wait that wake() cuts short; a wake() while awake makes the next wait end at once. */
export function createAlarm() {
  let sleeping: { timer: NodeJS.Timeout; resolve: () => void } | null = null
  let woken = false
  return {
    sleep(ms: number) {
      return new Promise<void>((resolve) => {
        if (woken) {
          woken = false
          resolve()
          return
        }
        const timer = setTimeout(() => {
          sleeping = null
          resolve()
        }, ms)
        sleeping = { timer, resolve }
      })
    },
    wake() {
      woken = true
      if (!sleeping) return
      clearTimeout(sleeping.timer)
      const { resolve } = sleeping
      sleeping = null
      woken = false
      resolve()
    },
  }
}
