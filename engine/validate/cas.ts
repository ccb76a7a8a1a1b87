/**
 * A CAS Registry Number: 2–7 digits, 2 digits and a check digit (`7732-18-5`, water). The check
 * digit is the sum of the other digits, each times its position counted from the right
 * (1 for the digit before the check digit), modulo 10.
 */
const CAS = /^(\d{2,7})-(\d{2})-(\d)$/;

export function isCasNumber(value: string): boolean {
  const m = CAS.exec(value);
  if (!m) return false;
  const digits = `${m[1]}${m[2]}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i + 1);
  return sum % 10 === Number(m[3]);
}
