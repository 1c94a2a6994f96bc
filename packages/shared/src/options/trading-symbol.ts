import { dateToDayNumber, dayNumberToDate, weekdayOf } from '../market/session-clock.js';
import { contractOn } from './contracts.js';
import { isMonthlyExpiryDay, lastWeekdayOfMonth } from './expiries.js';
import {
  UNDERLYINGS,
  type DerivativeKind,
  type ExpiryKind,
  type OptionType,
  type Underlying,
} from './options.schema.js';

/**
 * Kite's trading symbols, exactly: monthly option NIFTY26DEC24000CE (NAME YY MON STRIKE TYPE),
 * weekly option NIFTY26D0124000CE (NAME YY M DD STRIKE TYPE, M = 1–9 for Jan–Sep and O/N/D for
 * Oct–Dec), future NIFTY26DECFUT. A weekly expiry that is also the month's last uses the monthly form.
 */
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;
const WEEKLY_MONTH_CODES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'O', 'N', 'D'] as const;

export interface OptionSymbolInput {
  underlying: Underlying;
  expiry: string;
  expiryKind: ExpiryKind;
  strike: number;
  type: OptionType;
}

export interface ParsedTradingSymbol {
  underlying: Underlying;
  kind: DerivativeKind;
  strike: number | null;
  expiry: string;
  expiryKind: ExpiryKind;
}

function yearMonth(iso: string): { yy: string; month: number } {
  return { yy: iso.slice(2, 4), month: Number(iso.slice(5, 7)) };
}

export function optionSymbol({ underlying, expiry, expiryKind, strike, type }: OptionSymbolInput): string {
  const { yy, month } = yearMonth(expiry);
  const weekday = contractOn(underlying, expiry).expiryWeekday;
  const monthly = expiryKind === 'monthly' || isMonthlyExpiryDay(expiry, weekday);
  const code = monthly ? MONTHS[month - 1]! : `${WEEKLY_MONTH_CODES[month - 1]!}${expiry.slice(8, 10)}`;
  return `${underlying}${yy}${code}${strike}${type}`;
}

export function futureSymbol(underlying: Underlying, expiry: string): string {
  const { yy, month } = yearMonth(expiry);
  return `${underlying}${yy}${MONTHS[month - 1]!}FUT`;
}

/** A real calendar date from parts, or undefined (2026-02-30 is not one). */
function isoFrom(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return dayNumberToDate(dateToDayNumber(iso)) === iso ? iso : undefined;
}

/** The expiry date and kind the middle of a symbol names (after YY), or undefined. */
function parseExpiryCode(
  code: string,
  year: number,
  weekday: number,
): { expiry: string; expiryKind: ExpiryKind } | undefined {
  const monthIndex = MONTHS.indexOf(code as (typeof MONTHS)[number]);
  if (monthIndex >= 0)
    return { expiry: lastWeekdayOfMonth(year, monthIndex + 1, weekday), expiryKind: 'monthly' };
  const weeklyMonth = WEEKLY_MONTH_CODES.indexOf(code[0] as (typeof WEEKLY_MONTH_CODES)[number]);
  if (code.length !== 3 || weeklyMonth < 0) return undefined;
  const expiry = isoFrom(year, weeklyMonth + 1, Number(code.slice(1)));
  if (!expiry || weekdayOf(dateToDayNumber(expiry)) !== weekday) return undefined;
  // Kite never writes a monthly expiry in the weekly form.
  if (isMonthlyExpiryDay(expiry, weekday)) return undefined;
  return { expiry, expiryKind: 'weekly' };
}

const SYMBOL =
  /^([A-Z]+?)(\d{2})(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC|[1-9OND]\d{2})(FUT|(\d+)(CE|PE))$/;

/** The contract a Kite trading symbol names, or undefined when it is not one Nivesh lists. */
export function parseTradingSymbol(s: string): ParsedTradingSymbol | undefined {
  const m = SYMBOL.exec(s.trim().toUpperCase());
  if (!m) return undefined;
  const [, name, yy, code, tail, strikeText, type] = m;
  if (!UNDERLYINGS.includes(name as Underlying)) return undefined;
  const underlying = name as Underlying;
  const year = 2000 + Number(yy);
  // The contract row of the month decides the expiry weekday and the strike grid.
  const row = contractOn(underlying, `${year}-01-01`);
  const parsed = parseExpiryCode(code!, year, row.expiryWeekday);
  if (!parsed) return undefined;
  const rowOnExpiry = contractOn(underlying, parsed.expiry);
  if (tail === 'FUT') {
    if (parsed.expiryKind !== 'monthly') return undefined;
    return { underlying, kind: 'FUT', strike: null, ...parsed };
  }
  if (!rowOnExpiry.weekly && parsed.expiryKind === 'weekly') return undefined;
  const strike = Number(strikeText);
  if (!Number.isSafeInteger(strike) || strike <= 0 || strike % rowOnExpiry.strikeStep !== 0) return undefined;
  if (strikeText!.startsWith('0')) return undefined;
  return { underlying, kind: type as OptionType, strike, ...parsed };
}
