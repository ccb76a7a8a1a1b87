/** base64 → bytes, bytes → base64 (the key arrives and the ciphertext leaves as base64). */
const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/**
 * Encrypts the password with the server's RSA public key (SPKI, RSA-OAEP with SHA-256 and
 * MGF1-SHA-256), base64. WebCrypto exists only in secure contexts (https, localhost): on a plain
 * http intranet address the same encryption comes from node-forge, loaded only then.
 */
export async function encryptPassword(password: string, spkiBase64: string): Promise<string> {
  if (!globalThis.crypto?.subtle) return encryptWithForge(password, spkiBase64);
  const key = await crypto.subtle.importKey('spki', fromBase64(spkiBase64), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password));
  return toBase64(cipher);
}

async function encryptWithForge(password: string, spkiBase64: string): Promise<string> {
  const { default: forge } = await import('node-forge');
  const key = forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(forge.util.decode64(spkiBase64))) as import('node-forge').pki.rsa.PublicKey;
  const cipher = key.encrypt(forge.util.encodeUtf8(password), 'RSA-OAEP', { md: forge.md.sha256.create(), mgf1: { md: forge.md.sha256.create() } });
  return forge.util.encode64(cipher);
}
