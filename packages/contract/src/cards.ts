/**
 * The Luhn checksum every real (and every test) card number satisfies: the web app's sandbox card
 * form checks it as the member types, and the offline sandbox provider judges the number with it.
 * Only a non-empty string of digits can pass.
 */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
