import * as v from 'valibot'

/*
 * What the way to /login carries (spec §2, docs/decisions/0003 and 0009): a goto path to follow
 * once logged in, and where the visitor came from. The routes read them from the address, the
 * login and the landing write them, and storage keeps the goto: each rule is written here once.
 */

/**
 * A goto path: only a path of this site (a leading '/', not '//' nor '/\'), so that it cannot send
 * a user to another host. The `goto` search parameter is read with it, and the stored goto is
 * written and read with it (a stored value may come from older code or be typed by hand).
 */
export const gotoPathSchema = v.pipe(v.string(), v.regex(/^\/(?![/\\])/), v.maxLength(2048))

/**
 * The /login `from` value of the portfolio manager landing's Create Portfolio button: the login
 * screen says why it asks, and the login lands on the portfolio form.
 */
export const FROM_CREATE_PORTFOLIO = 'create-portfolio'
