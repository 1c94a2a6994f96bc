import {
  CHARGE_EXCHANGES,
  EQUITY_PRODUCTS,
  brokerageFor,
  chargeScheduleFor,
  istTradeDate,
  paiseToRupees,
  ratePercent,
  type BrokeragePlan,
  type ChargesResponse,
} from '@nivesh/shared';

/** GET /api/charges: the dated charge schedules in force today, as the fills are charged by them. */
export class ChargesService {
  constructor(private readonly o: { plan: BrokeragePlan; now: () => number }) {}

  inForce(): ChargesResponse['data'] {
    const asOf = istTradeDate(this.o.now());
    const schedules = EQUITY_PRODUCTS.flatMap((product) =>
      CHARGE_EXCHANGES.map((exchange) => {
        const row = chargeScheduleFor(product, exchange, asOf);
        const broker = brokerageFor(this.o.plan, product, asOf);
        return {
          product,
          segment: row.segment,
          exchange,
          effectiveFrom: row.effectiveFrom,
          source: row.source,
          brokerage: {
            percent: ratePercent(broker.brokerage),
            cap: paiseToRupees(broker.capPaise),
            effectiveFrom: broker.effectiveFrom,
            source: broker.source,
          },
          sttBuyPercent: ratePercent(row.sttOnBuy),
          sttSellPercent: ratePercent(row.sttOnSell),
          exchangeChargePercent: ratePercent(row.exchangeCharge),
          sebiFeePercent: ratePercent(row.sebiFee),
          stampDutyBuyPercent: ratePercent(row.stampDutyOnBuy),
          gstPercent: ratePercent(row.gst),
          dpCharge: paiseToRupees(row.dpChargePaise),
          squareOffCharge: paiseToRupees(row.squareOffChargePaise),
        };
      }),
    );
    return { asOf, brokeragePlan: this.o.plan, schedules };
  }
}
