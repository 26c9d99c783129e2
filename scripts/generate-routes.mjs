#!/usr/bin/env node
// Writes src/routeTree.gen.ts from src/routes/ with the router plugin's settings (vite.config.ts),
// without a build: for a type check right after adding or renaming a route file. Vite, Storybook
// and the build do the same on their own.
import { Generator, getConfig } from '@tanstack/router-generator'

const root = process.cwd()
const config = getConfig(
  {
    target: 'react',
    routesDirectory: './src/routes',
    generatedRouteTree: './src/routeTree.gen.ts',
    quoteStyle: 'single',
    semicolons: false,
  },
  root,
)
await new Generator({ config, root }).run()
