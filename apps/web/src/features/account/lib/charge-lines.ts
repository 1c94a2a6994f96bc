import { formatInr, type ChargeScheduleView } from '@nivesh/shared';

const percent = (value: number) => `${value.toLocaleString('en-IN', { maximumFractionDigits: 6 })}%`;

/** One row of the charges reader: what the line is and what it costs under this schedule. */
export interface ChargeLine {
  label: string;
  value: string;
}

/** A published schedule in the words of a broker's charges page, line by line in contract-note order. */
export function chargeLines(s: ChargeScheduleView): ChargeLine[] {
  const stt =
    s.sttBuyPercent > 0 && s.sttBuyPercent === s.sttSellPercent
      ? `${percent(s.sttSellPercent)} on buys and sells`
      : s.sttBuyPercent > 0
        ? `${percent(s.sttBuyPercent)} on buys, ${percent(s.sttSellPercent)} on sells`
        : `${percent(s.sttSellPercent)} on sells`;
  return [
    {
      label: 'Brokerage',
      value:
        s.brokerage.percent > 0
          ? `${percent(s.brokerage.percent)} up to ${formatInr(s.brokerage.cap)} a fill`
          : 'None',
    },
    { label: 'Exchange charge', value: percent(s.exchangeChargePercent) },
    { label: 'STT', value: stt },
    { label: 'GST', value: `${percent(s.gstPercent)} of brokerage + exchange charge + SEBI fee` },
    { label: 'SEBI fee', value: percent(s.sebiFeePercent) },
    { label: 'Stamp duty', value: `${percent(s.stampDutyBuyPercent)} on buys` },
    {
      label: 'DP charge',
      value: s.dpCharge > 0 ? `${formatInr(s.dpCharge)} per scrip per sell day` : 'None',
    },
    {
      label: 'Square-off charge',
      value:
        s.squareOffCharge > 0
          ? `${formatInr(s.squareOffCharge)} per position squared off at the cut-off`
          : 'None',
    },
  ];
}
