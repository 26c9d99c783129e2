/** See scripts/page-boot.mjs: starts the app's code at the right moment and holds presses until it listens. */
export declare function bootPage(
  load: () => unknown,
  win?: Window & typeof globalThis,
  preload?: readonly string[],
  afterPaint?: () => unknown,
  stylesheet?: string,
): void
