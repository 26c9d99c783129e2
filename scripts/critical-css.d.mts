/** See scripts/critical-css.mjs: the class tokens of a page's HTML and of its own script's code. */
export declare function usedClasses(html: string, scripts?: readonly string[]): Set<string>
/** See scripts/critical-css.mjs: the rules of a minified stylesheet that a page with these classes uses. */
export declare function usedCss(css: string, classes: ReadonlySet<string>): string
