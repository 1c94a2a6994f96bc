import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { portfolioListResponseSchema } from '@nivesh/shared';
import { apiRequest } from '../../lib/api-client';
import { portfolioKeys, useActivePortfolio } from '../../lib/active-portfolio';

/**
 * Reads the user's portfolios into the active-portfolio context. Lazy-loaded by the frame: money
 * screens paint with main (or the remembered portfolio) before it answers. A server that cannot
 * list them leaves the user on main.
 */
export function PortfolioListLoader() {
  const { setList } = useActivePortfolio();
  const list = useQuery({
    queryKey: portfolioKeys.list(),
    queryFn: () => apiRequest('/portfolios', { schema: portfolioListResponseSchema }).then((r) => r.data),
  });
  useEffect(() => {
    if (list.data) setList(list.data);
    else if (list.isError) setList([]);
  }, [list.data, list.isError, setList]);
  return null;
}
