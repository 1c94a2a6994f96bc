import {
  IST_OFFSET_MS,
  type Alert,
  type AlertCondition,
  type AlertFrequency,
  type AlertWatch,
  type CreateAlertRequest,
} from '@nivesh/shared';

export interface AlertFormValues {
  watch: AlertWatch;
  condition: AlertCondition;
  value: string;
  frequency: AlertFrequency;
  cooldownSeconds: string;
  note: string;
  /** yyyy-mm-dd, or '' for the default (365 days). */
  expiresOn: string;
}

export function emptyForm(price?: number): AlertFormValues {
  return {
    watch: 'price',
    condition: 'above',
    value: price !== undefined ? price.toFixed(2) : '',
    frequency: 'once',
    cooldownSeconds: '60',
    note: '',
    expiresOn: '',
  };
}

export function formOf(alert: Alert): AlertFormValues {
  return {
    watch: alert.watch,
    condition: alert.condition,
    value: String(alert.value),
    frequency: alert.frequency,
    cooldownSeconds: String(alert.cooldownSeconds),
    note: alert.note ?? '',
    // The IST calendar day, as the date picker and expiryInstant read it.
    expiresOn: new Date(Date.parse(alert.expiresAt) + IST_OFFSET_MS).toISOString().slice(0, 10),
  };
}

/** End of the chosen day in IST, as the API's ISO instant. */
export function expiryInstant(day: string): string {
  return new Date(`${day}T23:59:59+05:30`).toISOString();
}

/** The request body the form stands for; the server checks it with the same shared schema. */
export function toRequest(symbol: string, v: AlertFormValues): CreateAlertRequest {
  return {
    symbol,
    watch: v.watch,
    condition: v.condition,
    value: v.value.trim() === '' ? Number.NaN : Number(v.value),
    frequency: v.frequency,
    ...(v.frequency === 'every' ? { cooldownSeconds: Number(v.cooldownSeconds) } : {}),
    ...(v.note.trim() ? { note: v.note.trim() } : {}),
    ...(v.expiresOn ? { expiresAt: expiryInstant(v.expiresOn) } : {}),
  };
}
