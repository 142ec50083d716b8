import { ISO_4217_CURRENCIES } from '../reference/iso-4217-currencies.js';
import { ValidationError } from './domain-error.js';

/**
 * An amount of money as a decimal string with exactly the currency's minor digits ("12.99", "1500" for JPY).
 * Never a float: amounts travel as strings and are compared in minor units (integers).
 */
export class Money {
  private constructor(
    readonly amount: string,
    readonly currency: string,
  ) {}

  static isCurrency(code: string): boolean {
    return Object.hasOwn(ISO_4217_CURRENCIES, code);
  }

  static minorDigits(currency: string): number {
    return ISO_4217_CURRENCIES[currency]?.minorDigits ?? 2;
  }

  /** Validates and normalises: "12.9" EUR → "12.90"; more decimals than the currency has is an error. */
  static parse(amount: string, currency: string, field = 'amount'): Money {
    const code = currency.trim().toUpperCase();
    if (!Money.isCurrency(code)) {
      throw new ValidationError(`Unknown currency ${currency}`, [{ field: field.replace(/amount$/, 'currency'), message: 'must be an ISO 4217 code' }]);
    }
    const digits = Money.minorDigits(code);
    const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(amount.trim());
    if (!match || (match[2] !== undefined && match[2].length > digits)) {
      throw new ValidationError(`Invalid amount ${amount}`, [
        { field, message: `must be a non-negative decimal with at most ${digits} decimals for ${code}` },
      ]);
    }
    const whole = String(Number(match[1]));
    const fraction = (match[2] ?? '').padEnd(digits, '0');
    return new Money(digits === 0 ? whole : `${whole}.${fraction}`, code);
  }

  /** Builds from minor units (cents): 1299 EUR → "12.99". */
  static fromMinor(minor: bigint | number, currency: string): Money {
    const digits = Money.minorDigits(currency);
    const value = BigInt(minor);
    const negative = value < 0n;
    const text = (negative ? -value : value).toString().padStart(digits + 1, '0');
    const amount = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
    return new Money(negative ? `-${amount}` : amount, currency);
  }

  toMinor(): bigint {
    const [whole, fraction = ''] = this.amount.split('.');
    return BigInt(`${whole}${fraction}`);
  }

  equals(other: Money): boolean {
    return this.currency === other.currency && this.toMinor() === other.toMinor();
  }

  toJSON(): { amount: string; currency: string } {
    return { amount: this.amount, currency: this.currency };
  }
}
