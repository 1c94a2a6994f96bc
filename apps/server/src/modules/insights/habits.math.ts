/**
 * Pure habit math over a user's fills, replayed in time order. Money is integer paise; a
 * position's cost is kept with and without fees, since the disposition effect compares prices
 * (as Odean did) while the P&L the user sees includes fees.
 */
export interface HabitFill {
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  pricePaise: bigint;
  valuePaise: bigint;
  feesPaise: bigint;
  /** The ledger's realised P&L of a sell (fees on both sides included); 0 on a buy. */
  realizedPnlPaise: bigint;
  at: number;
}

/** A fill as the habits replay it: its time as epoch milliseconds. */
export function toHabitFill(f: Omit<HabitFill, 'at'> & { createdAt: Date }): HabitFill {
  return {
    symbol: f.symbol,
    side: f.side,
    quantity: f.quantity,
    pricePaise: f.pricePaise,
    valuePaise: f.valuePaise,
    feesPaise: f.feesPaise,
    realizedPnlPaise: f.realizedPnlPaise,
    at: f.createdAt.getTime(),
  };
}

interface Lot {
  quantity: number;
  at: number;
}

interface Holding {
  quantity: number;
  /** Σ price × quantity of the shares held, fees excluded. */
  costExFees: bigint;
  /** Buy fees of the shares held. */
  buyFees: bigint;
  lots: Lot[];
}

export interface SellEvent {
  symbol: string;
  at: number;
  quantity: number;
  pricePaise: bigint;
  realizedPnlPaise: bigint;
  /** Sale value − cost of the shares sold, fees excluded. */
  grossPnlPaise: bigint;
  /** Sell fees + the buy fees of the shares sold. */
  chargesPaise: bigint;
  /** Share-weighted time the sold shares were held, first in first out. */
  holdingMs: number;
  /** The other positions held at the moment of the sale: candidates for a paper gain or loss. */
  others: Array<{ symbol: string; quantity: number; costExFees: bigint }>;
}

/** Proportional share of an integer amount, rounded half away from zero. */
function share(amount: bigint, part: number, whole: number): bigint {
  if (whole === 0) return 0n;
  const num = amount * BigInt(part) * 2n;
  const den = BigInt(whole) * 2n;
  return num >= 0n ? (num + BigInt(whole)) / den : -((-num + BigInt(whole)) / den);
}

export function replay(fills: readonly HabitFill[]): SellEvent[] {
  const held = new Map<string, Holding>();
  const sells: SellEvent[] = [];
  for (const f of [...fills].sort((a, b) => a.at - b.at)) {
    const h = held.get(f.symbol) ?? { quantity: 0, costExFees: 0n, buyFees: 0n, lots: [] };
    if (f.side === 'BUY') {
      h.quantity += f.quantity;
      h.costExFees += f.pricePaise * BigInt(f.quantity);
      h.buyFees += f.feesPaise;
      h.lots.push({ quantity: f.quantity, at: f.at });
      held.set(f.symbol, h);
      continue;
    }
    const qty = Math.min(f.quantity, h.quantity);
    const costSold = share(h.costExFees, qty, h.quantity);
    const feesSold = share(h.buyFees, qty, h.quantity);
    let left = qty;
    let weighted = 0;
    while (left > 0 && h.lots.length > 0) {
      const lot = h.lots[0]!;
      const take = Math.min(left, lot.quantity);
      weighted += take * (f.at - lot.at);
      lot.quantity -= take;
      left -= take;
      if (lot.quantity === 0) h.lots.shift();
    }
    sells.push({
      symbol: f.symbol,
      at: f.at,
      quantity: f.quantity,
      pricePaise: f.pricePaise,
      realizedPnlPaise: f.realizedPnlPaise,
      grossPnlPaise: f.pricePaise * BigInt(qty) - costSold,
      chargesPaise: f.feesPaise + feesSold,
      holdingMs: qty > 0 ? weighted / qty : 0,
      others: [...held.entries()]
        .filter(([symbol, o]) => symbol !== f.symbol && o.quantity > 0)
        .map(([symbol, o]) => ({ symbol, quantity: o.quantity, costExFees: o.costExFees })),
    });
    h.quantity -= qty;
    h.costExFees -= costSold;
    h.buyFees -= feesSold;
    held.set(f.symbol, h);
  }
  return sells;
}

const pct = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10000) / 100);

/**
 * Odean (1998): on each sale, the stock sold is a realised gain or loss, and every other stock
 * held is a paper gain or loss at that day's price. PGR = RG / (RG + PG), PLR = RL / (RL + PL).
 * `priceAt` gives the price of a symbol at a sale's time, or undefined (then it is not counted).
 */
export function dispositionEffect(
  sells: readonly SellEvent[],
  priceAt: (symbol: string, at: number) => bigint | undefined,
) {
  let rg = 0;
  let rl = 0;
  let pg = 0;
  let pl = 0;
  for (const s of sells) {
    if (s.grossPnlPaise > 0n) rg += 1;
    else if (s.grossPnlPaise < 0n) rl += 1;
    for (const o of s.others) {
      const price = priceAt(o.symbol, s.at);
      if (price === undefined) continue;
      const value = price * BigInt(o.quantity);
      if (value > o.costExFees) pg += 1;
      else if (value < o.costExFees) pl += 1;
    }
  }
  const pgr = pct(rg, rg + pg);
  const plr = pct(rl, rl + pl);
  return {
    realizedGains: rg,
    realizedLosses: rl,
    paperGains: pg,
    paperLosses: pl,
    pgr,
    plr,
    difference: pgr === null || plr === null ? null : Math.round((pgr - plr) * 100) / 100,
  };
}

/**
 * The glossary's Charges share: charges on closed shares ÷ the gross (pre-charge) realised P&L.
 * Null when the gross is zero or a loss: a share of nothing, or of a loss, says nothing.
 */
export function chargesShare(sells: readonly SellEvent[]) {
  const gross = sells.reduce((sum, s) => sum + s.grossPnlPaise, 0n);
  const charges = sells.reduce((sum, s) => sum + s.chargesPaise, 0n);
  return {
    grossPaise: gross,
    chargesPaise: charges,
    percent: gross <= 0n ? null : Math.round((Number(charges) / Number(gross)) * 10000) / 100,
  };
}

/**
 * Half of everything bought and sold over the account's value (Barber & Odean's measure, over the
 * whole period); annualised only once the trading spans 30 days.
 */
export function turnover(fills: readonly HabitFill[], accountValuePaise: bigint, nowMs: number) {
  const traded = fills.reduce((sum, f) => sum + f.valuePaise, 0n);
  const first = fills.reduce((min, f) => Math.min(min, f.at), Number.POSITIVE_INFINITY);
  const days = Number.isFinite(first) ? Math.max(1, (nowMs - first) / 86_400_000) : 0;
  const percent =
    accountValuePaise > 0n ? Math.round((Number(traded) / 2 / Number(accountValuePaise)) * 10000) / 100 : 0;
  return {
    percent,
    days,
    annualPercent: days >= 30 ? Math.round(((percent * 365) / days) * 100) / 100 : null,
  };
}

/** Average share-weighted holding time, in hours, of winning and of losing sells (net of fees). */
export function holdingTimes(sells: readonly SellEvent[]) {
  const winners = sells.filter((s) => s.realizedPnlPaise > 0n);
  const losers = sells.filter((s) => s.realizedPnlPaise < 0n);
  const hours = (list: readonly SellEvent[]) => {
    const shares = list.reduce((n, s) => n + s.quantity, 0);
    return shares === 0
      ? 0
      : Math.round((list.reduce((sum, s) => sum + s.holdingMs * s.quantity, 0) / shares / 3_600_000) * 100) /
          100;
  };
  return {
    winners: winners.length,
    losers: losers.length,
    winnerHours: hours(winners),
    loserHours: hours(losers),
  };
}

/** The largest peak-to-trough fall of a value series, in percent of the peak. */
export function maxDrawdown(points: ReadonlyArray<{ date: string; value: number }>) {
  if (points.length === 0) return null;
  let peak = points[0]!;
  let best = { percent: 0, peak: points[0]!, trough: points[0]! };
  for (const p of points) {
    if (p.value > peak.value) peak = p;
    const fall = peak.value > 0 ? ((peak.value - p.value) / peak.value) * 100 : 0;
    if (fall > best.percent) best = { percent: fall, peak, trough: p };
  }
  return { percent: Math.round(best.percent * 100) / 100, peak: best.peak, trough: best.trough };
}

/** Fills per distinct day with a fill; `dayOf` maps a time to its (IST) calendar day. */
export function tradesPerActiveDay(fills: readonly HabitFill[], dayOf: (at: number) => string) {
  const days = new Set(fills.map((f) => dayOf(f.at)));
  return {
    fills: fills.length,
    activeDays: days.size,
    perDay: days.size === 0 ? 0 : Math.round((fills.length / days.size) * 100) / 100,
  };
}
