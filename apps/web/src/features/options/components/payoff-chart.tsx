import type { PayoffPoint } from '../lib/payoff';
import { formatInrCompact } from '../../../lib/money-format';
import { indexLevel } from '../lib/chain-format';

const W = 600;
const H = 220;
const PAD = { left: 8, right: 8, top: 12, bottom: 22 };

function pathOf(
  points: PayoffPoint[],
  pick: (p: PayoffPoint) => number,
  x: (v: number) => number,
  y: (v: number) => number,
) {
  return points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.price).toFixed(1)},${y(pick(p)).toFixed(1)}`)
    .join(' ');
}

/**
 * The strategy's profit against the index: at expiry (solid) and today at the chain's IV (dashed).
 * A small SVG: lightweight-charts draws time series, and a payoff's x axis is a price.
 */
export function PayoffChart({ points, spot }: { points: PayoffPoint[]; spot: number }) {
  if (points.length < 2) return null;
  const lo = points[0]!.price;
  const hi = points.at(-1)!.price;
  const values = points.flatMap((p) => [p.expiry, p.today]);
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const span = top - bottom || 1;
  const x = (v: number) => PAD.left + ((v - lo) / (hi - lo)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + ((top - v) / span) * (H - PAD.top - PAD.bottom);
  return (
    <figure className="space-y-1">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full text-slate-400"
        role="img"
        aria-label={`Payoff from index ${indexLevel(lo)} to ${indexLevel(hi)}: best ${formatInrCompact(top)}, worst ${formatInrCompact(bottom)} in this range`}
      >
        <rect
          x={PAD.left}
          y={y(top)}
          width={W - PAD.left - PAD.right}
          height={y(0) - y(top)}
          className="fill-emerald-500/10"
        />
        <rect
          x={PAD.left}
          y={y(0)}
          width={W - PAD.left - PAD.right}
          height={y(bottom) - y(0)}
          className="fill-rose-500/10"
        />
        <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke="currentColor" strokeWidth={1} />
        <line
          x1={x(spot)}
          x2={x(spot)}
          y1={PAD.top}
          y2={H - PAD.bottom}
          stroke="currentColor"
          strokeDasharray="2 3"
        />
        <path
          d={pathOf(points, (p) => p.today, x, y)}
          fill="none"
          className="stroke-amber-500"
          strokeWidth={2}
          strokeDasharray="6 4"
        />
        <path
          d={pathOf(points, (p) => p.expiry, x, y)}
          fill="none"
          className="stroke-indigo-600 dark:stroke-indigo-400"
          strokeWidth={2}
        />
        <text x={PAD.left} y={H - 6} className="fill-slate-600 text-[11px] dark:fill-slate-300">
          {indexLevel(Math.round(lo))}
        </text>
        <text
          x={x(spot)}
          y={H - 6}
          textAnchor="middle"
          className="fill-slate-600 text-[11px] dark:fill-slate-300"
        >
          spot {indexLevel(Math.round(spot))}
        </text>
        <text
          x={W - PAD.right}
          y={H - 6}
          textAnchor="end"
          className="fill-slate-600 text-[11px] dark:fill-slate-300"
        >
          {indexLevel(Math.round(hi))}
        </text>
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 text-xs text-slate-600 dark:text-slate-300">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-0.5 w-4 bg-indigo-600 align-middle" />
          At expiry
        </span>
        <span>
          <span
            aria-hidden="true"
            className="mr-1 inline-block h-0.5 w-4 border-t-2 border-dashed border-amber-500 align-middle"
          />
          Today (Black-76 at the chain’s IV)
        </span>
      </figcaption>
    </figure>
  );
}
