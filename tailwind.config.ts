import type { Config } from 'tailwindcss'

/**
 * Design tokens of the portal. Tailwind reads this file through `@config` in src/styles.css;
 * the Storybook page "Docs/Design tokens" renders it, so what is documented is what ships.
 */

/** Spec §9: the five summary-card colours (light backgrounds), with a border and a text colour each. */
const status = {
  submitted: { DEFAULT: '#dbeafe', border: '#93c5fd', fg: '#1e3a8a' },
  'in-progress': { DEFAULT: '#ffedd5', border: '#fdba74', fg: '#7c2d12' },
  maintenance: { DEFAULT: '#fef9c3', border: '#facc15', fg: '#713f12' },
  'validation-failure': { DEFAULT: '#fee2e2', border: '#fca5a5', fg: '#7f1d1d' },
  certified: { DEFAULT: '#dcfce7', border: '#86efac', fg: '#14532d' },
} as const

/** Spec §4: progress-bar fills (certified green, failed red, unknown black) and the legend colours. */
const progress = {
  track: '#e2e8f0',
  submitted: '#1d4ed8',
  'in-progress': '#c2410c',
  certified: '#15803d',
  failed: '#b91c1c',
  unknown: '#000000',
} as const

const brand = {
  50: '#eef5ff',
  100: '#d9e8ff',
  200: '#bcd7ff',
  300: '#8ebdff',
  400: '#5998ff',
  500: '#3373f5',
  600: '#1d55e0',
  700: '#1843b8',
  800: '#1a3a91',
  900: '#1b3473',
  950: '#142146',
} as const

const config = {
  content: ['./index.html', './src/**/*.{ts,tsx}', './stories/**/*.{ts,tsx,mdx}'],
  theme: {
    extend: {
      colors: {
        brand,
        status,
        progress,
        focus: brand[600],
        surface: { DEFAULT: '#ffffff', muted: '#f8fafc', sunken: '#f1f5f9' },
        ink: { DEFAULT: '#0f172a', muted: '#475569', subtle: '#64748b', inverted: '#ffffff' },
        line: { DEFAULT: '#cbd5e1', strong: '#94a3b8' },
        danger: { DEFAULT: '#b91c1c', soft: '#fef2f2' },
        success: { DEFAULT: '#15803d', soft: '#f0fdf4' },
        warning: { DEFAULT: '#a16207', soft: '#fefce8' },
      },
      fontFamily: {
        // Each platform's own interface font: nothing to download, text paints at once and never
        // reflows when a web font arrives (docs/decisions/0008-prerendered-public-pages.md).
        sans: [
          '-apple-system',
          'BlinkMacSystemFont',
          '"Segoe UI"',
          'Roboto',
          '"Noto Sans"',
          'Helvetica',
          'Arial',
          'sans-serif',
        ],
      },
      fontSize: {
        caption: ['0.75rem', { lineHeight: '1rem' }],
        small: ['0.875rem', { lineHeight: '1.25rem' }],
        body: ['1rem', { lineHeight: '1.5rem' }],
        lead: ['1.125rem', { lineHeight: '1.75rem' }],
        heading: ['1.25rem', { lineHeight: '1.75rem', fontWeight: '600' }],
        title: ['1.75rem', { lineHeight: '2.25rem', fontWeight: '700', letterSpacing: '-0.01em' }],
        display: ['2.5rem', { lineHeight: '1.1', fontWeight: '800', letterSpacing: '-0.02em' }],
      },
      spacing: {
        /** Spec §2: section jumps leave 54 px for the header. */
        'header-offset': '54px',
        /** Spec §9: the dashboard Status column is 100 px wide. */
        'status-column': '100px',
        control: '2.5rem',
      },
      borderRadius: {
        control: '0.5rem',
        card: '0.75rem',
      },
      boxShadow: {
        card: '0 1px 2px rgb(15 23 42 / 0.06), 0 1px 3px rgb(15 23 42 / 0.1)',
        popover: '0 10px 30px -10px rgb(15 23 42 / 0.35), 0 4px 8px -4px rgb(15 23 42 / 0.15)',
      },
      outlineWidth: { focus: '2px' },
      outlineOffset: { focus: '2px' },
      keyframes: {
        'collapsible-down': {
          from: { height: '0' },
          to: { height: 'var(--radix-collapsible-content-height)' },
        },
        'collapsible-up': {
          from: { height: 'var(--radix-collapsible-content-height)' },
          to: { height: '0' },
        },
        'accordion-down': {
          from: { height: '0' },
          to: { height: 'var(--radix-accordion-content-height)' },
        },
        'accordion-up': {
          from: { height: 'var(--radix-accordion-content-height)' },
          to: { height: '0' },
        },
        'fade-in': { from: { opacity: '0' }, to: { opacity: '1' } },
        'zoom-in': {
          from: { opacity: '0', transform: 'translate(-50%, -48%) scale(0.97)' },
          to: { opacity: '1', transform: 'translate(-50%, -50%) scale(1)' },
        },
      },
      animation: {
        'collapsible-down': 'collapsible-down 180ms ease-out',
        'collapsible-up': 'collapsible-up 180ms ease-out',
        'accordion-down': 'accordion-down 180ms ease-out',
        'accordion-up': 'accordion-up 180ms ease-out',
        'fade-in': 'fade-in 150ms ease-out',
        'zoom-in': 'zoom-in 150ms ease-out',
      },
    },
  },
} satisfies Config

export default config
