/**
 * A GS1 Global Location Number: 13 digits, the last the GS1 mod-10 check digit. From the
 * right, leaving the check digit out, the digits are weighted 3, 1, 3, 1 …; the check digit
 * brings the weighted sum up to a multiple of ten.
 */
const SHAPE = /^\d{13}$/;

/** The check digit the first 12 digits call for. */
export function glnCheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

export function isGln(value: string): boolean {
  return SHAPE.test(value) && glnCheckDigit(value.slice(0, 12)) === Number(value[12]);
}
