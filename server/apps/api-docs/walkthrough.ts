import { endpoints } from '@/contract/endpoints'
import { submittedDevicePayload } from '@/contract/fixtures/payloads'
import {
  API_TOKENS_PAGE_PATH,
  type CertificationServer,
  DEFAULT_CERTIFICATION_SERVER,
  DEFAULT_PORTAL_URL,
  openApiPath,
} from './options.ts'

/* info.description: the pipeline, with the table's own paths and the fixtures' payloads. */

/**
 * A curl call with a JSON body, written as a here-document so that "$NAME" values are the shell's
 * variables.
 */
function curlJson(method: string, url: string, body: unknown, extraHeader = '') {
  return [
    `curl -sS -X ${method} "${url}" \\`,
    `  -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json"${extraHeader} \\`,
    '  --data-binary @- <<JSON',
    JSON.stringify(body, null, 2),
    'JSON',
  ].join('\n')
}

export function pipelineWalkthrough(
  certification: CertificationServer = DEFAULT_CERTIFICATION_SERVER,
  portalUrl = DEFAULT_PORTAL_URL,
) {
  const submit = submittedDevicePayload('$VENDOR_USER_ID')
  const run = { vendor_user_id: '$VENDOR_USER_ID', portfolio_manager_id: '$RECORD_ID' }
  const runsQuery = `${openApiPath(endpoints.listRuns.path).path}?vendor_user_id=$VENDOR_USER_ID&portfolio_manager_id=$RECORD_ID`
  const results = endpoints.runResults.path.replace(':runId', '$RUN_ID')
  const resultsPath = openApiPath(endpoints.runResults.path).path
  const pdfPath = openApiPath(endpoints.certificatePdf.path).path
  const pdf = endpoints.certificatePdf.path.replace(':runId', '$RUN_ID')
  return [
    'Both services of the Device Certification Portal, generated from the portal’s own contract. The **main service** is the portal itself; the **certification service** listens on another port of the same host (each operation’s `servers` says where to send it; `GET /api/portal-config` tells its port).',
    '',
    '## From your pipeline',
    '',
    `1. **Create a token.** An Owner or Engineer creates a personal API token on the portal's **Settings → API tokens** page (\`${API_TOKENS_PAGE_PATH}\`): scope \`read-write\` to submit and certify, \`read\` to follow and download. It is shown once. Every call below sends \`Authorization: Bearer $TOKEN\` — no cookie, no \`Token\` header. \`$VENDOR_USER_ID\` is the token owner's account id (the login answer's \`vendorUserId\`).`,
    '',
    '   ```sh',
    `   export PORTAL=${portalUrl}   # the main service`,
    `   export CERT=${certification.scheme}://${certification.host}:${certification.port}   # the certification service`,
    '   export TOKEN=…  VENDOR_USER_ID=…',
    '   ```',
    '',
    `2. **Submit a device** (\`${endpoints.submitPortfolio.method} ${endpoints.submitPortfolio.path}\`, operation \`submitPortfolio\`, spec §3's submit payload). Send an \`Idempotency-Key\` so a retry cannot submit twice. Then find the new record's \`portfolioManagerId\` in \`${endpoints.listRecords.method} ${endpoints.listRecords.path}\` (\`listRecords\`, the newest \`creationTime\`).`,
    '',
    '   ```sh',
    indent(
      curlJson(
        endpoints.submitPortfolio.method,
        `$PORTAL${endpoints.submitPortfolio.path}`,
        submit,
        ' -H "Idempotency-Key: build-$BUILD_ID"',
      ),
    ),
    indent(
      curlJson(endpoints.listRecords.method, `$PORTAL${endpoints.listRecords.path}`, {
        vendorUserId: '$VENDOR_USER_ID',
      }),
    ),
    '   ```',
    '',
    `3. **Start certification** on the certification service (\`${endpoints.runTests.method} ${endpoints.runTests.path}\`, \`runTests\`, spec §7 run-tests). The answer carries the \`runId\`.`,
    '',
    '   ```sh',
    indent(curlJson(endpoints.runTests.method, `$CERT${endpoints.runTests.path}`, run)),
    '   ```',
    '',
    `4. **Wait for the result.** Register a webhook for \`run.finished\` (its delivery is signed: verify \`Webhook-Signature\`, HMAC-SHA256 over \`<Webhook-Timestamp>.<body>\`), or poll \`GET ${runsQuery}\` (\`listRuns\`) until the run's status is \`Completed\` (or \`Cancelled\`); \`isCertified\` is then \`CERTIFIED-OK\` or \`Validation failure\`.`,
    '',
    '   ```sh',
    `   curl -sS "$CERT${runsQuery}" -H "Authorization: Bearer $TOKEN"`,
    '   ```',
    '',
    `5. **Download the results** (\`GET ${resultsPath}\`, \`runResults\`) and, when certified, the certificate (\`GET ${pdfPath}\`, \`certificatePdf\`).`,
    '',
    '   ```sh',
    `   curl -sS -o results.json "$CERT${results}" -H "Authorization: Bearer $TOKEN"`,
    `   curl -sS -o certificate.pdf "$CERT${pdf}" -H "Authorization: Bearer $TOKEN"`,
    '   ```',
    '',
    '## Errors',
    '',
    'Every refusal is JSON `{ "message": … }`; a refused input adds `field`, the payload key (or `body`). 400 bad input, 401 no live session or token, 403 another vendor’s data or your role’s refusal (the message says which), 404 unknown (also another organization’s ids), 409 not in a state that allows it, 413/415 a body too large or not JSON, 429 wait `Retry-After` seconds.',
    '',
    'Text fields refuse control and invisible formatting characters (see each field’s `pattern`) and text that is not well-formed Unicode (a lone surrogate such as `\\ud800`); lengths count UTF-16 code units, as JavaScript does.',
  ].join('\n')
}

function indent(text: string) {
  return text
    .split('\n')
    .map((line) => `   ${line}`)
    .join('\n')
}
