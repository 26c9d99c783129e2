import tailwindConfig from '../../tailwind.config'

/*
 * Renders the design tokens straight from tailwind.config.ts, so this page cannot drift from
 * what the product ships.
 */
const { colors, fontSize, spacing, borderRadius, boxShadow } = tailwindConfig.theme.extend

type ColorValue = string | Record<string, string>

function flattenColors(prefix: string, value: ColorValue): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]]
  return Object.entries(value).flatMap(([key, nested]) =>
    flattenColors(key === 'DEFAULT' ? prefix : `${prefix}-${key}`, nested),
  )
}

function Swatch({ name, value }: { name: string; value: string }) {
  return (
    <li className="flex items-center gap-3">
      <span
        aria-hidden="true"
        className="size-10 shrink-0 rounded-md border border-line shadow-card"
        style={{ background: value }}
      />
      <span className="flex min-w-0 flex-col">
        <code className="truncate text-small font-semibold text-ink">{name}</code>
        <span className="text-caption text-ink-muted uppercase">{value}</span>
      </span>
    </li>
  )
}

export function ColorTokens({ group }: { group: keyof typeof colors }) {
  const entries = flattenColors(group, colors[group] as ColorValue)
  return (
    <ul className="m-0 mb-6 grid list-none grid-cols-1 gap-3 p-0 sm:grid-cols-2 lg:grid-cols-3">
      {entries.map(([name, value]) => (
        <Swatch key={name} name={name} value={value} />
      ))}
    </ul>
  )
}

/** The five summary-card colours (spec §9) as they appear on the dashboard. */
export function StatusTokens() {
  const labels: Record<keyof typeof colors.status, string> = {
    submitted: 'Submitted — light blue',
    'in-progress': 'In Progress — light orange',
    maintenance: 'Maintenance — light yellow',
    'validation-failure': 'Validation Failure — light red',
    certified: 'Certified — light green',
  }
  return (
    <ul className="m-0 mb-6 grid list-none grid-cols-1 gap-3 p-0 sm:grid-cols-2 lg:grid-cols-5">
      {Object.entries(colors.status).map(([key, tone]) => (
        <li
          key={key}
          className="rounded-card border px-4 py-3"
          style={{ background: tone.DEFAULT, borderColor: tone.border, color: tone.fg }}
        >
          <span className="block text-small font-semibold">{labels[key as keyof typeof labels]}</span>
          <code className="text-caption break-all">status-{key}</code>
        </li>
      ))}
    </ul>
  )
}

export function TypeScale() {
  return (
    <ul className="m-0 flex list-none flex-col gap-4 p-0">
      {Object.entries(fontSize).map(([name, value]) => {
        const [size, options] = value as [
          string,
          { lineHeight: string; fontWeight?: string; letterSpacing?: string },
        ]
        return (
          <li key={name} className="flex flex-col gap-1 border-b border-line pb-3">
            <code className="text-caption text-ink-muted">
              text-{name} · {size} / {options.lineHeight}
              {options.fontWeight ? ` · ${options.fontWeight}` : ''}
            </code>
            <span
              style={{
                fontSize: size,
                lineHeight: options.lineHeight,
                fontWeight: options.fontWeight,
                letterSpacing: options.letterSpacing,
              }}
            >
              Certify every router before it ships
            </span>
          </li>
        )
      })}
    </ul>
  )
}

export function SizeTokens() {
  const rows: Array<[string, string, string]> = [
    ...Object.entries(spacing).map(([k, v]): [string, string, string] => [`spacing.${k}`, v, 'width']),
    ...Object.entries(borderRadius).map(([k, v]): [string, string, string] => [`radius.${k}`, v, 'radius']),
    ...Object.entries(boxShadow).map(([k, v]): [string, string, string] => [`shadow.${k}`, v, 'shadow']),
  ]
  return (
    <table className="w-full text-small">
      <thead>
        <tr className="text-start">
          <th className="py-2 text-start">Token</th>
          <th className="py-2 text-start">Value</th>
          <th className="py-2 text-start">Sample</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, value, kind]) => (
          <tr key={name} className="border-t border-line">
            <td className="py-2">
              <code>{name}</code>
            </td>
            <td className="py-2 text-ink-muted">{value}</td>
            <td className="py-2">
              <span
                aria-hidden="true"
                className="block h-6 border border-brand-300 bg-brand-100"
                style={
                  kind === 'width'
                    ? { width: value }
                    : kind === 'radius'
                      ? { width: 48, borderRadius: value }
                      : { width: 48, boxShadow: value, borderColor: 'transparent', background: 'white' }
                }
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function FocusRingSample() {
  return (
    <div className="flex gap-4">
      <span className="rounded-control bg-brand-700 px-4 py-2 text-small font-semibold text-white focus-ring">
        Focused button
      </span>
      <span className="rounded-control border border-line-strong bg-white px-3 py-2 text-small focus-ring">
        Focused field
      </span>
    </div>
  )
}
