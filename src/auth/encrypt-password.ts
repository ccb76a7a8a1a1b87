/** base64 → bytes, bytes → base64 (the key arrives and the ciphertext leaves as base64). */
const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** Encrypts the password with the server's RSA public key (SPKI, RSA-OAEP with SHA-256), base64. */
export async function encryptPassword(password: string, spkiBase64: string): Promise<string> {
  const key = await crypto.subtle.importKey('spki', fromBase64(spkiBase64), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password));
  return toBase64(cipher);
}
