/*
 * Lighthouse 13 wants Node 22.19+: its performance insights (and the trace engine under them) call
 * the iterator helpers (`map.values().reduce(…)`, `.flatMap`, `.find`, `.toArray`…), which Node 20
 * lacks — those audits then end in "… is not a function". This adds the helpers to every built-in
 * iterator when they are missing, before Lighthouse loads; on Node 22 it does nothing.
 */

type Callback<R> = (value: unknown, index: number) => R

const iteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) as object

function* stepsOf(iterator: Iterator<unknown>): Generator<unknown> {
  // Iterates the iterator itself (not a fresh one), closing it if the caller stops early.
  yield* { [Symbol.iterator]: () => iterator }
}

function numberOf(limit: unknown) {
  const count = Number(limit)
  if (Number.isNaN(count) || count < 0) throw new RangeError(`${String(limit)} must be a positive number`)
  return Math.floor(count)
}

const helpers = {
  *map(this: Iterator<unknown>, callback: Callback<unknown>) {
    let index = 0
    for (const value of stepsOf(this)) yield callback(value, index++)
  },
  *filter(this: Iterator<unknown>, callback: Callback<unknown>) {
    let index = 0
    for (const value of stepsOf(this)) if (callback(value, index++)) yield value
  },
  *take(this: Iterator<unknown>, limit: unknown) {
    let left = numberOf(limit)
    if (left === 0) return
    for (const value of stepsOf(this)) {
      yield value
      if (--left === 0) return
    }
  },
  *drop(this: Iterator<unknown>, limit: unknown) {
    let left = numberOf(limit)
    for (const value of stepsOf(this)) {
      if (left > 0) left--
      else yield value
    }
  },
  *flatMap(this: Iterator<unknown>, callback: Callback<Iterable<unknown> | Iterator<unknown>>) {
    let index = 0
    for (const value of stepsOf(this)) {
      const inner = callback(value, index++)
      if (Symbol.iterator in inner) yield* inner
      else yield* stepsOf(inner)
    }
  },
  reduce(
    this: Iterator<unknown>,
    reducer: (sum: unknown, value: unknown, index: number) => unknown,
    ...start: unknown[]
  ) {
    let index = 0
    let sum: unknown
    let first = start.length === 0
    if (!first) sum = start[0]
    for (const value of stepsOf(this)) {
      if (first) {
        sum = value
        first = false
      } else {
        sum = reducer(sum, value, index)
      }
      index++
    }
    if (first) throw new TypeError('Reduce of empty iterator with no initial value')
    return sum
  },
  toArray(this: Iterator<unknown>) {
    return [...stepsOf(this)]
  },
  forEach(this: Iterator<unknown>, callback: Callback<unknown>) {
    let index = 0
    for (const value of stepsOf(this)) callback(value, index++)
  },
  some(this: Iterator<unknown>, callback: Callback<unknown>) {
    let index = 0
    for (const value of stepsOf(this)) if (callback(value, index++)) return true
    return false
  },
  every(this: Iterator<unknown>, callback: Callback<unknown>) {
    let index = 0
    for (const value of stepsOf(this)) if (!callback(value, index++)) return false
    return true
  },
  find(this: Iterator<unknown>, callback: Callback<unknown>) {
    let index = 0
    for (const value of stepsOf(this)) if (callback(value, index++)) return value
    return undefined
  },
}

for (const [name, helper] of Object.entries(helpers)) {
  if (name in iteratorPrototype) continue
  Object.defineProperty(iteratorPrototype, name, { value: helper, writable: true, configurable: true })
}
