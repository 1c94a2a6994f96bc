import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Download, RefreshCw } from 'lucide-react';
import { ORDER_SIDES, ORDER_STATUSES, ORDER_TYPES, type Order, type OrderListQuery } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SearchInput } from '../../../components/ui/search-input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { exportOrdersCsv, useOrders } from '../../account/api/account-api';
import { ORDER_STATUS_META } from '../../account/lib/order-status';
import { CancelOrderModal } from './cancel-order-modal';
import { EditOrderModal } from './edit-order-modal';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { PortfolioTag } from '../../../components/ui/portfolio-tag';

import { FilterSelect, OrdersPager, OrdersSummary } from './orders-controls';
import { OrdersList } from './orders-list';

/** The order list's default page size. */
export const ORDERS_PAGE_SIZE = 20;
const title = (s: string) => s.charAt(0) + s.slice(1).toLowerCase();

export function OrdersScreen() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [status, setStatus] = useState<OrderListQuery['status']>('all');
  const [type, setType] = useState<OrderListQuery['type']>('all');
  const [orderType, setOrderType] = useState<OrderListQuery['orderType']>('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Order | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [exporting, setExporting] = useState(false);
  const term = useDebouncedValue(search.trim(), 300);
  const phone = useMediaQuery(MOBILE_QUERY);

  useEffect(() => {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (term) p.set('search', term);
        else p.delete('search');
        return p;
      },
      { replace: true },
    );
  }, [term, setParams]);

  const filters = { status, type, orderType, search: term || undefined };
  const orders = useOrders({ ...filters, page, limit: ORDERS_PAGE_SIZE });
  const { portfolioId } = useActivePortfolio();
  const setFilter =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      setPage(1);
    };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportOrdersCsv(filters, portfolioId);
    } catch (error) {
      notify.error(errorMessage(error, 'Export failed'));
    } finally {
      setExporting(false);
    }
  };

  const data = orders.data;
  const list = data?.data ?? [];
  const total = data?.pagination.total ?? 0;
  const totalPages = data?.pagination.totalPages ?? 1;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Orders</h1>
          <PortfolioTag />
          <p className="mt-1 text-slate-600 dark:text-slate-300">Track and manage your trading orders</p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onClick={() => void orders.refetch()}
            loading={orders.isRefetching}
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
          >
            Refresh
          </Button>
          <Button
            variant="secondary"
            onClick={() => void exportCsv()}
            loading={exporting}
            icon={<Download aria-hidden="true" className="size-4" />}
          >
            Export CSV
          </Button>
        </div>
      </div>

      <OrdersSummary summary={data?.summary} />

      <Card flush>
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4 dark:border-slate-700">
          <SearchInput
            id="orders-search"
            label="Search by symbol"
            placeholder="Search by symbol..."
            className="min-w-56 flex-1"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
          <FilterSelect
            id="orders-status"
            label="Status"
            value={status}
            onChange={setFilter(setStatus)}
            options={[
              { value: 'all', label: 'All statuses' },
              ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_META[s].label })),
            ]}
          />
          <FilterSelect
            id="orders-side"
            label="Type"
            value={type}
            onChange={setFilter(setType)}
            options={[
              { value: 'all', label: 'Buy & sell' },
              ...ORDER_SIDES.map((s) => ({ value: s, label: title(s) })),
            ]}
          />
          <FilterSelect
            id="orders-order-type"
            label="Order type"
            value={orderType}
            onChange={setFilter(setOrderType)}
            options={[
              { value: 'all', label: 'All order types' },
              ...ORDER_TYPES.map((s) => ({ value: s, label: title(s) })),
            ]}
          />
        </div>

        <div className="flex items-center justify-between px-4 pt-4">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white" data-testid="orders-heading">
            Order History ({data ? total : '…'})
          </h2>
          {orders.isFetching && !orders.isPending ? <Spinner size="sm" /> : null}
        </div>

        <OrdersList orders={orders} list={list} phone={phone} onEdit={setEditing} onCancel={setCancelling} />

        <OrdersPager page={page} totalPages={totalPages} setPage={setPage} />
      </Card>

      {editing ? <EditOrderModal order={editing} onClose={() => setEditing(null)} /> : null}
      {cancelling ? <CancelOrderModal order={cancelling} onClose={() => setCancelling(null)} /> : null}
    </div>
  );
}
