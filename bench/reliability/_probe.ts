import { startPglite } from './deployment.ts'
const d = await startPglite()
console.log(d.nodes[0]!.base, d.nodes[0]!.certBase)
await new Promise((r) => setTimeout(r, 100_000))
await d.close()
