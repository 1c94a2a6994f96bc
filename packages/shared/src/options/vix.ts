/**
 * A simulated India VIX. Daily: log-VIX mean-reverts to ~14, jumps when the index falls (India
 * VIX's daily change runs about −4 to −6 × the NIFTY's return: a 1% fall lifts it ~5%), plus seeded
 * noise. Shared cannot import the server's PRNG, so a tiny splitmix32 hash of (key, day) lives here:
 * the same path and key always give the same VIX.
 */
export const VIX_MODEL = {
  /** Long-run level India VIX has averaged near since 2015. */
  longRun: 14,
  /** Daily pull of log-VIX towards the long run: a half-life of about 14 trading days. */
  meanReversionPerDay: 0.05,
  /** Log-VIX change per unit of index return (negative: falls lift it). */
  returnBeta: -5,
  /** Daily standard deviation of log-VIX noise (vol of vol ~65% a year). */
  noisePerDay: 0.04,
  /** The bounds India VIX has stayed within outside March 2020 (its record ~86). */
  min: 9,
  max: 60,
} as const;

function clampVix(v: number): number {
  return Math.min(VIX_MODEL.max, Math.max(VIX_MODEL.min, v));
}

/** splitmix32: a 32-bit integer hash, mixed well enough for seeded noise. */
export function splitmix32(seed: number): number {
  let z = (seed + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** A uniform in (0, 1) from (key, index). */
export function hashUniform(key: number, index: number): number {
  const h = splitmix32(splitmix32(key | 0) ^ Math.imul(index + 1, 0x27d4eb2d));
  return (h + 0.5) / 4_294_967_296;
}

/** A standard normal from (key, index) by Box–Muller on two hashed uniforms. */
export function hashNormal(key: number, index: number): number {
  const u1 = hashUniform(key, 2 * index);
  const u2 = hashUniform(key, 2 * index + 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** One closing VIX per close of the index path; the first day starts at the long-run level. */
export function vixFromIndexPath(dailyCloses: number[], key: number): number[] {
  const out: number[] = [];
  let logVix = Math.log(VIX_MODEL.longRun);
  const logLong = Math.log(VIX_MODEL.longRun);
  for (let i = 0; i < dailyCloses.length; i += 1) {
    if (i > 0) {
      const prev = dailyCloses[i - 1]!;
      const ret = prev > 0 ? dailyCloses[i]! / prev - 1 : 0;
      logVix +=
        VIX_MODEL.meanReversionPerDay * (logLong - logVix) +
        VIX_MODEL.returnBeta * ret +
        VIX_MODEL.noisePerDay * hashNormal(key, i);
      logVix = Math.log(clampVix(Math.exp(logVix)));
    }
    out.push(Math.round(clampVix(Math.exp(logVix)) * 100) / 100);
  }
  return out;
}

/** The live VIX during a session: yesterday's close moved by the index's return since the open. */
export function intradayVix(prevCloseVix: number, indexReturnSinceOpen: number): number {
  return (
    Math.round(clampVix(prevCloseVix * Math.exp(VIX_MODEL.returnBeta * indexReturnSinceOpen)) * 100) / 100
  );
}
