/*
 * The verification page checks a certificate's signature itself (docs/decisions/0025):
 * Ed25519 in the browser's WebCrypto, over the stored text exactly as the portal answered it,
 * with the public key published at /.well-known/certificate-keys.json. It does not take the
 * portal's word for it: the page says Valid only when this check passes.
 */

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=')
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index)
  return bytes
}

/** Whether `signature` (base64url) is the Ed25519 signature of `payload` by `publicKey` (raw, base64url). */
export async function verifyCertificateSignature(
  payload: string,
  signature: string,
  publicKey: string,
): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey('raw', fromBase64Url(publicKey), { name: 'Ed25519' }, false, [
      'verify',
    ])
    return await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      fromBase64Url(signature),
      new TextEncoder().encode(payload),
    )
  } catch {
    // A key or signature that is not one (wrong length, not base64url): not verified.
    return false
  }
}
