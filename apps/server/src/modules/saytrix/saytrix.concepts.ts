import {
  defaultFeeSchedule,
  istTradeDate,
  scheduleFor,
  computeFees,
  feeBreakdownInRupees,
  rupeesToPaise,
  paiseToRupees,
  tickSize,
  type Quote,
} from '@nivesh/shared';
import type { ConceptId } from './saytrix.parsed.js';
import { asOf, inr, money } from './saytrix.format.js';

/**
 * The delivery (CNC) schedule's rates in words, under the default brokerage plan; the rates are
 * the app's own dated table (charge-schedules.ts), not typical market figures.
 */
export function feeRules(): string[] {
  const s = defaultFeeSchedule();
  const mis = scheduleFor('MIS', 'NSE', istTradeDate(Date.now()));
  return [
    `Brokerage: ${precise(s.brokerage)} of the trade value, capped at ${inr(paiseToRupees(s.brokerageCapPaise))} per order`,
    `Exchange transaction charge: ${precise(s.exchangeCharge)}`,
    `STT: ${precise(s.sttOnBuy)} on buys and ${precise(s.sttOnSell)} on sells for delivery (intraday: ${precise(mis.sttOnSell)} on sells only)`,
    `GST: ${precise(s.gst)} on brokerage plus exchange charge plus SEBI fee`,
    `SEBI turnover fee: ${precise(s.sebiFee)}`,
    `Stamp duty: ${precise(s.stampDutyOnBuy)} on the buy side only for delivery (intraday: ${precise(mis.stampDutyOnBuy)})`,
    `DP charge: ${inr(paiseToRupees(s.dpChargePaise))} per stock on each day you sell it from delivery`,
  ];
}

function precise(r: { numerator: bigint; denominator: bigint }): string {
  const value = (Number(r.numerator) / Number(r.denominator)) * 100;
  return `${Number(value.toPrecision(6))}%`;
}

const TEXT: Record<ConceptId, string> = {
  'order-types':
    'Nivesh has three order types. **MARKET** fills at once at the live price. **LIMIT** fills only at your price or better and waits until then. **STOP** waits until the price reaches your trigger, then fills at the market.',
  'market-order':
    'A **market order** buys or sells at once at the live price. You get the fill immediately while the market trades; you do not choose the price.',
  'limit-order':
    'A **limit order** sets the worst price you accept: a buy fills at your limit or lower, a sell at your limit or higher. Until then it rests as PENDING and reserves the cash (buy) or the shares (sell).',
  'stop-order':
    'A **stop (stop-loss) order** waits for a trigger price. A sell stop fires when the price falls to the trigger, a buy stop when it rises to it; it then fills at the market price of that moment.',
  stt: '**STT** (Securities Transaction Tax) is a government tax on share trades. In Nivesh it is charged on the sell side only.',
  brokerage: '**Brokerage** is the broker’s fee for executing your order.',
  gst: '**GST** is charged on the brokerage and the exchange transaction charge, not on the trade value.',
  'exchange-charge':
    'The **exchange transaction charge** is what the exchange (NSE/BSE) charges on the trade value.',
  'sebi-fee': 'The **SEBI turnover fee** is the market regulator’s fee on the trade value.',
  'stamp-duty': '**Stamp duty** is a state tax on the buy side of a trade.',
  charges:
    'Every fill in Nivesh pays the same itemised charges as a contract note, from one fee schedule (the order dialog shows the same figures).',
  'tick-size':
    'The **tick size** is the smallest step a price can move. NSE sets it by price slab, and a limit or trigger price must be a whole number of ticks.',
  'price-band':
    'The **price band** (circuit limit) is the range a stock may trade in during the day, measured from the previous close: 2, 5, 10 or 20% by the stock’s band. A stock with derivatives has no fixed band but an operating range of ±10%, widened in 5% steps after 15 minutes at its edge. At the upper circuit only buyers are left (buys wait), at the lower only sellers. Nivesh refuses limit and trigger prices outside the limits.',
  'gtc-day':
    '**DAY** orders expire at the end of the trading session if they have not filled. **GTC** (good till cancelled) does not exist on Indian exchanges, so Nivesh takes DAY orders only; to wait for a price across sessions, set a **GTT** (good till triggered): it waits up to a year and places a LIMIT order when the price reaches your trigger.',
  pe: '**P/E** (price to earnings) is the share price divided by the company’s earnings per share: how many rupees investors pay for one rupee of yearly profit.',
  'paper-trading':
    'Nivesh is **paper trading**: you trade with virtual money at live or simulated prices, so nothing you do here moves real money.',
  'market-hours': 'Indian exchanges (NSE and BSE) trade on weekdays in one continuous session.',
  pnl: '**Unrealised P&L** is what your open positions would gain or lose if sold at the live price. **Realised P&L** is locked in when you sell.',
  'average-price':
    'Your **average price** is what you paid per share across all your buys of a stock, used to work out your P&L.',
  reserved:
    '**Reserved cash** is set aside for your pending buy orders, so the same rupees cannot be spent twice. It returns to available cash if the order is cancelled or expires.',
  week52:
    'The **52-week high** and **52-week low** are the highest and lowest prices a stock traded at over the last year. Ask “52 week high of TCS” for a stock’s figures.',
  'moving-average':
    'A **moving average** is the average closing price over the last N trading days; the **50-day** and **200-day** averages smooth out daily moves. Ask “50 day average of Infosys” for a stock’s figures.',
  index:
    'An **index** follows a basket of stocks as one number: **NIFTY 50** tracks 50 large companies on NSE, **SENSEX** 30 on BSE. Ask “how is the market today” for their levels.',
  'market-cap':
    '**Market capitalisation** is the share price times the number of shares the company has issued: what the market values the whole company at.',
  product:
    '**Delivery (CNC)** shares are held overnight in your account. **Intraday (MIS)** positions must be closed the same day, or they are squared off at the cut-off. In Nivesh the two differ in charges and in the cut-off (no leverage on MIS).',
  // Learner terms: what a beginner asks about; each says what Nivesh does (or does not) offer.
  dividend:
    'A **dividend** is part of a company’s profit paid out to its shareholders, usually as an amount per share, to those who hold the shares on the record date. The share price usually drops by about the dividend on the ex-dividend date.',
  ipo: 'An **IPO** (initial public offering) is when a company first sells its shares to the public; after the issue the shares list on NSE/BSE and trade like any other. Nivesh trades what is already listed, so there are no IPO applications here.',
  sip: 'A **SIP** (systematic investment plan) invests a fixed amount at regular intervals, usually monthly and most often in a mutual fund, so you buy more units when prices are low and fewer when they are high. Nivesh has no SIPs; you buy shares yourself, whenever you choose.',
  'short-selling':
    '**Short selling** is selling shares you do not own, hoping to buy them back cheaper; a short in the cash market has to be bought back the same day. Nivesh does not allow short selling: you can sell only shares you hold.',
  settlement:
    '**Settlement** is when the shares and the money of a trade actually change hands. Indian exchanges settle equity trades on **T+1**: one trading day after the trade day (T). In Nivesh a fill updates your cash and holdings at once.',
  'bull-bear':
    '**Bullish** means expecting prices to rise (a **bull market** is a long rise); **bearish** means expecting them to fall (a **bear market** is a long fall).',
  volume:
    '**Volume** is the number of shares traded in a period, usually the day so far. High volume means many buyers and sellers are active. A stock’s quote here shows its volume (ask “TCS price”).',
  derivatives:
    '**F&O** (futures and options) are derivatives: contracts whose value follows a stock or an index. A **future** is an agreement to buy or sell at a set price on a later date; an **option** gives the right, not the duty, to buy (call) or sell (put) at a set price. In Nivesh you can practise **NIFTY and BANKNIFTY** index options and futures in the Options Lab (/options), with margins and charges as a broker would take them; stock F&O is not offered.',
  gtt: 'A **GTT** (good till triggered) order waits, up to a year, for the price to reach your trigger and then places a LIMIT order for you. Ask “my GTTs” to see yours, or say “set a GTT to sell 5 ITC if it falls to 260” to create one (you confirm it first).',
  'split-bonus':
    'In a **stock split** each share is divided into more shares of a lower face value (a 1:2 split turns 1 share into 2); in a **bonus issue** the company gives extra shares free (1:1 gives one more for each held). Either way the price adjusts down and your holding is worth the same.',
  demat:
    'A **demat account** holds your shares electronically, with a depository (NSDL or CDSL) through a broker. Nivesh is paper trading: it needs no demat account and cannot open one for you.',
  'mutual-fund':
    'A **mutual fund** pools many investors’ money, which a fund manager invests in shares, bonds or both; you own units whose value (the NAV) is set once a day. Nivesh has no mutual funds: it trades listed shares and, in the Options Lab, index options and futures.',
  share:
    'A **share** (a stock) is a small part of a company’s ownership. Listed shares trade on NSE and BSE, and the price moves with what buyers and sellers agree on.',
  diversification:
    '**Diversification** is spreading your money across several stocks and sectors, so that one company’s fall hurts less. Ask “show my portfolio” to see how your holdings are spread.',
  'bid-ask':
    'The **bid** is the highest price a buyer offers right now and the **ask** (offer) the lowest price a seller wants; the gap is the **spread**. A market buy fills near the ask, a market sell near the bid.',
  volatility:
    '**Volatility** is how much and how fast a price swings: a volatile stock has a wide day range. Ask for a stock’s price to see its day range.',
};

/** The explanation, illustrated with a live quote when the concept has figures (never a made-up amount). */
export function explain(
  concept: ConceptId,
  quote: Quote | undefined,
  source: string,
  expert: boolean,
): string {
  const lines = [TEXT[concept]];
  if (quote) {
    const isIndex = quote.exchange === 'INDEX';
    if (concept === 'tick-size') {
      lines.push(
        `For example, **${quote.symbol}** trades at ${money(quote, quote.price)}, so its tick is ${money(quote, tickSize(quote.price, quote.currency, isIndex))}.`,
      );
    } else if (concept === 'price-band') {
      if (quote.lowerCircuit !== null && quote.upperCircuit !== null) {
        const what =
          quote.bandClass === 'DYNAMIC'
            ? 'has no fixed band, and its operating range now is'
            : `has a ${quote.bandClass} band:`;
        lines.push(
          `For example, **${quote.symbol}** closed at ${money(quote, quote.previousClose)} yesterday and ${what} ${money(quote, quote.lowerCircuit)} to ${money(quote, quote.upperCircuit)}.`,
        );
      } else lines.push(`**${quote.symbol}** has no circuit of this kind.`);
    } else if (concept === 'pe') {
      lines.push(
        quote.pe === null
          ? `No P/E figure is available for **${quote.symbol}** from the ${source}.`
          : `**${quote.symbol}**’s P/E is ${quote.pe.toFixed(2)} at ${money(quote, quote.price)}.`,
      );
    } else if (
      ['charges', 'stt', 'brokerage', 'gst', 'exchange-charge', 'sebi-fee', 'stamp-duty'].includes(concept) &&
      quote.currency === 'INR' &&
      !isIndex
    ) {
      const value = rupeesToPaise(quote.price) * 10n;
      const buy = feeBreakdownInRupees(computeFees('BUY', value));
      const sell = feeBreakdownInRupees(computeFees('SELL', value));
      lines.push(
        `For example, 10 **${quote.symbol}** at ${inr(quote.price)} is a trade of ${inr(paiseToRupees(value))}: buying it costs ${inr(buy.total)} in charges (stamp duty ${inr(buy.stampDuty)}), selling it ${inr(sell.total)} (STT ${inr(sell.stt)}).`,
      );
    } else if (['market-order', 'limit-order', 'stop-order', 'order-types'].includes(concept)) {
      lines.push(
        `For example, **${quote.symbol}** is at ${money(quote, quote.price)} now: a market buy would fill near that price, a limit buy below it would wait.`,
      );
    }
    if (lines.length > 1) lines.push(asOf(quote.lastUpdated, source));
  }
  if (
    expert &&
    ['charges', 'stt', 'brokerage', 'gst', 'exchange-charge', 'sebi-fee', 'stamp-duty'].includes(concept)
  ) {
    lines.push(
      `**Fee schedule (delivery, ${defaultFeeSchedule().name}):**\n${feeRules()
        .map((r) => `- ${r}`)
        .join('\n')}`,
    );
  }
  return lines.join('\n\n');
}

export const CONCEPTS_WITH_QUOTE = new Set<ConceptId>([
  'tick-size',
  'price-band',
  'pe',
  'charges',
  'stt',
  'brokerage',
  'gst',
  'exchange-charge',
  'sebi-fee',
  'stamp-duty',
  'market-order',
  'limit-order',
  'stop-order',
  'order-types',
]);
