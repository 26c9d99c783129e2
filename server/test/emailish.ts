import fc from 'fast-check'

/*
 * E-mail addresses, and the texts people and attackers type in their place —
 * lists, display names, header injections, non-ASCII, nothing at all. The server suite
 * (server/apps/mail-addresses.test.ts) and bench:reliability's mail section send them to every
 * call that takes an address.
 */
export const emailish = fc.oneof(
  fc.emailAddress(),
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.array(fc.emailAddress(), { minLength: 2, maxLength: 4 }).map((list) => list.join(', ')),
  fc.array(fc.emailAddress(), { minLength: 2, maxLength: 3 }).map((list) => list.join(';')),
  fc.tuple(fc.string(), fc.emailAddress()).map(([name, address]) => `"${name}" <${address}>`),
  fc.tuple(fc.string(), fc.emailAddress()).map(([name, address]) => `${name} <${address}>`),
  fc.tuple(fc.emailAddress(), fc.string()).map(([address, tail]) => `${address}${tail}`),
  fc.tuple(fc.emailAddress(), fc.emailAddress()).map(([a, b]) => `${a}\r\nBcc: ${b}`),
  fc.constantFrom('', '@', 'a@', 'not-an-address', 'é', '<script>alert(1)</script>', 'é@x.example'),
)
