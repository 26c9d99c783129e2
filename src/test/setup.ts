// Vitest setup: DOM matchers for the tests that run in jsdom.
import '@testing-library/jest-dom/vitest'
