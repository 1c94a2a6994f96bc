import { PriceChartCanvas } from '../../features/charts/components/price-chart-canvas';
import { ReplaySessionScreen } from '../../features/replay/components/replay-session-screen';
import { IST_TIME_ZONE } from '../../lib/date-format';
import { useTheme } from '../../lib/theme';

/**
 * Routes compose features: a replay's minute chart is the charts feature's canvas on replay candles,
 * with a finished replay's trades as its markers.
 */
export function ReplaySessionRoute() {
  const { theme } = useTheme();
  return (
    <ReplaySessionScreen
      renderChart={(candles, fitKey, markers) => (
        <PriceChartCanvas
          candles={candles}
          period="1D"
          chartType="candlestick"
          indicators={[]}
          showVolume
          theme={theme}
          timeZone={IST_TIME_ZONE}
          height={360}
          fitKey={fitKey}
          markers={markers}
        />
      )}
    />
  );
}
