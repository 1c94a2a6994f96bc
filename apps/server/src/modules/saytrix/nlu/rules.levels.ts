import type { Parsed } from '../saytrix.parsed.js';

// Levels and sides read from an alert, GTT or order-change sentence; the app rules decide the intent.

const ALERT_LEVEL =
  /\b(above|over|crosses|cross|exceeds|beyond|more than|greater than|hits|reaches|touches|goes to|at|below|under|less than|drops to|falls to|falls below|goes below|goes above|rises above|dips below|drops below|to|of|paar)\b[a-z ]{0,12}?₹?\s?(\d+(?:\.\d+)?)/;

/** Reads an alert's level and direction ("crosses/above/upar" vs "below/neeche/falls to"). */
export function readAlertLevel(masked: string, parsed: Parsed) {
  const price = ALERT_LEVEL.exec(masked) ?? /\b(\d+(?:\.\d+)?)\b/.exec(masked);
  if (!price) return;
  parsed.alertPrice = Number(price[2] ?? price[1]);
  if (/\b(below|under|less than|drops?|falls?|dips?|down|neeche)\b/.test(masked)) parsed.condition = 'below';
  else if (
    /\b(above|over|cross(es)?|exceeds|beyond|more than|greater than|rises?|up|upar|paar)\b/.test(masked)
  )
    parsed.condition = 'above';
}

/**
 * A GTT's side and trigger: "if it falls to 260", "when it hits 1250", "stop loss gtt … at 1150"
 * (a stop-loss protects shares held, so it sells).
 */
export function readGttLevel(masked: string, parsed: Parsed) {
  if (/\bsell\b/.test(masked)) parsed.side = 'SELL';
  else if (/\bbuy\b/.test(masked)) parsed.side = 'BUY';
  else if (/\b(stop ?loss|stop-loss|sl)\b/.test(masked)) parsed.side = 'SELL';
  if (parsed.price !== undefined || parsed.triggerPrice !== undefined) return;
  const level =
    /\b(?:falls?|drops?|dips?|comes? down|goes? down|rises?|goes? up|goes|climbs?|reaches|hits?|touches|crosses|gir\w*|aaye|aaya) (?:to |below |above |under |over |till |upto |up to )?₹?\s?(\d+(?:\.\d+)?)\b/.exec(
      masked,
    ) ?? /\b(\d+(?:\.\d+)?) (?:pe|par|tak)\b/.exec(masked);
  if (level && Number(level[1]) !== parsed.quantity) parsed.price = Number(level[1]);
  // "change my itc gtt to 270", "gtt trigger 270 kar do": the new level of a change.
  const to =
    /\b(?:to|trigger(?: price)?(?: to| at)?) ₹?\s?(\d+(?:\.\d+)?)\b(?! ?(?:shares?|qty|quantity|units))/.exec(
      masked,
    );
  if (!level && parsed.op === 'change' && to && Number(to[1]) !== parsed.quantity)
    parsed.price = Number(to[1]);
}

/** The side an order cancel or change names ("cancel my itc sell order"). */
export function orderSide(masked: string, parsed: Parsed) {
  if (/\b(sell|sale|selling)\b/.test(masked) && !/\b(buy|purchase)\b/.test(masked)) parsed.side = 'SELL';
  else if (/\b(buy|purchase|buying)\b/.test(masked) && !/\bsell\b/.test(masked)) parsed.side = 'BUY';
}
