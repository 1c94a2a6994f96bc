import { lazy, Suspense } from 'react';
import { Card, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { DashboardScreen } from '../../features/dashboard/components/dashboard-screen';

// Below the fold: the headlines (with the news schemas) load after the dashboard's first render.
const LatestHeadlines = lazy(async () => ({
  default: (await import('../../features/news/components/news-headlines')).LatestHeadlines,
}));

/** The same frame the headlines show while they load, so nothing moves when they arrive. */
function HeadlinesPlaceholder() {
  return (
    <Card>
      <CardTitle>Latest News</CardTitle>
      <Spinner size="sm" />
    </Card>
  );
}

/** The dashboard with the three newest headlines from the news feature. */
export function DashboardRoute() {
  return (
    <DashboardScreen
      news={
        <Suspense fallback={<HeadlinesPlaceholder />}>
          <LatestHeadlines />
        </Suspense>
      }
    />
  );
}
