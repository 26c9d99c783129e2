// The api-tokens domain's public module: what other folders of server/ use of it (eslint.config.js).
export { apiTokenRoutes } from './routes.ts'
