/**
 * Abstract drawings of the product's screens. They carry no numbers or tickers on purpose: a
 * picture of a portfolio with made-up values would be fake data.
 */
export function DashboardIllustration() {
  return (
    <svg viewBox="0 0 320 200" aria-hidden="true" className="h-auto w-full">
      <rect width="320" height="200" rx="12" className="fill-slate-100 dark:fill-slate-900" />
      <rect x="12" y="12" width="56" height="176" rx="8" className="fill-indigo-600/80" />
      <rect x="80" y="12" width="108" height="56" rx="8" className="fill-white dark:fill-slate-800" />
      <rect x="200" y="12" width="108" height="56" rx="8" className="fill-white dark:fill-slate-800" />
      <rect x="92" y="26" width="50" height="8" rx="4" className="fill-slate-300 dark:fill-slate-600" />
      <rect x="92" y="42" width="76" height="12" rx="4" className="fill-emerald-500" />
      <rect x="212" y="26" width="50" height="8" rx="4" className="fill-slate-300 dark:fill-slate-600" />
      <rect x="212" y="42" width="60" height="12" rx="4" className="fill-indigo-500" />
      <rect x="80" y="80" width="228" height="108" rx="8" className="fill-white dark:fill-slate-800" />
      <polyline
        points="92,170 130,150 160,158 196,120 230,132 262,100 296,108"
        fill="none"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-emerald-500"
      />
    </svg>
  );
}

export function ChartIllustration() {
  const candles = [
    [30, 110, 80, 40, true],
    [60, 90, 60, 50, false],
    [90, 100, 70, 45, true],
    [120, 70, 50, 35, true],
    [150, 80, 60, 40, false],
    [180, 60, 40, 30, true],
    [210, 55, 35, 40, true],
    [240, 70, 45, 35, false],
    [270, 45, 30, 40, true],
  ] as const;
  return (
    <svg viewBox="0 0 320 200" aria-hidden="true" className="h-auto w-full">
      <rect width="320" height="200" rx="12" className="fill-slate-100 dark:fill-slate-900" />
      {candles.map(([x, top, bodyTop, h, up]) => (
        <g key={x} className={up ? 'fill-emerald-500 stroke-emerald-500' : 'fill-red-500 stroke-red-500'}>
          <line x1={x} x2={x} y1={top - 10} y2={bodyTop + h + 15} strokeWidth="2" />
          <rect x={x - 8} y={bodyTop} width="16" height={h} rx="2" />
        </g>
      ))}
      <rect x="12" y="170" width="296" height="18" rx="4" className="fill-white dark:fill-slate-800" />
    </svg>
  );
}

export function AssistantIllustration() {
  return (
    <svg viewBox="0 0 320 200" aria-hidden="true" className="h-auto w-full">
      <rect width="320" height="200" rx="12" className="fill-slate-100 dark:fill-slate-900" />
      <rect x="20" y="24" width="180" height="36" rx="14" className="fill-white dark:fill-slate-800" />
      <rect x="120" y="76" width="180" height="36" rx="14" className="fill-indigo-600" />
      <rect x="20" y="128" width="210" height="48" rx="14" className="fill-white dark:fill-slate-800" />
      <rect x="36" y="38" width="120" height="8" rx="4" className="fill-slate-300 dark:fill-slate-600" />
      <rect x="136" y="90" width="130" height="8" rx="4" className="fill-indigo-200" />
      <rect x="36" y="142" width="150" height="8" rx="4" className="fill-slate-300 dark:fill-slate-600" />
      <rect x="36" y="156" width="110" height="8" rx="4" className="fill-slate-300 dark:fill-slate-600" />
      <circle cx="280" cy="160" r="18" className="fill-emerald-500" />
    </svg>
  );
}
