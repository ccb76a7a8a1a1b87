/**
 * A unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters of the code's
 * alphabet (digits and capitals without I, O, S, V, Z), the last a check character. Each of the
 * first 17 characters counts as its place in the alphabet (0–30) times its weight 3^i mod 31; the
 * check character is the one at place 31 − (sum mod 31), with 31 meaning 0.
 */
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const SHAPE = /^[0-9A-HJ-NP-RTUWXY]{18}$/;

/** The check character the first 17 characters call for (undefined when one is outside the alphabet). */
export function usccCheckCharacter(first17: string): string | undefined {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = ALPHABET.indexOf(first17[i] ?? '');
    if (value < 0) return undefined;
    sum += value * WEIGHTS[i]!;
  }
  return ALPHABET[(31 - (sum % 31)) % 31];
}

export function isUscc(value: string): boolean {
  return SHAPE.test(value) && usccCheckCharacter(value.slice(0, 17)) === value[17];
}
