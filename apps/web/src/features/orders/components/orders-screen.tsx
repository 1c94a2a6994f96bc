import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ChevronLeft,
  ChevronRight,
  Download,
  FileX,
  NotebookPen,
  Pencil,
  RefreshCw,
  XCircle,
} from 'lucide-react';
import {
  ORDER_SIDES,
  ORDER_STATUSES,
  ORDER_TYPES,
  PRODUCT_LABELS,
  type Order,
  type OrderListQuery,
} from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { inputClass } from '../../../components/ui/input';
import { SearchInput } from '../../../components/ui/search-input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/notify';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { exportOrdersCsv, useOrders } from '../../account/api/account-api';
import {
  formatOrderTime,
  isOpenOrder,
  ORDER_STATUS_META,
  orderDisplayPrice,
  orderDisplayTotal,
  SIDE_TONE,
} from '../../account/lib/order-status';
import { formatPrice } from '../../../lib/money-format';
import { CancelOrderModal } from './cancel-order-modal';
import { EditOrderModal } from './edit-order-modal';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { OrderReceipt } from '../../account/components/order-receipt';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { PortfolioTag } from '../../../components/ui/portfolio-tag';

/** The order list's default page size. */
export const ORDERS_PAGE_SIZE = 20;
const COLUMNS = ['Order Details', 'Type', 'Quantity', 'Price', 'Total', 'Status', 'Time', 'Actions'];
const title = (s: string) => s.charAt(0) + s.slice(1).toLowerCase();

function FilterSelect<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (v: V) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        className={cn(inputClass, 'min-w-36')}
        aria-label={label}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function SummaryChip({
  label,
  value,
  tone,
  wide,
}: {
  label: string;
  value: number | undefined;
  tone: string;
  wide?: boolean;
}) {
  return (
    <div
      className={cn(
        wide && 'col-span-2 sm:col-span-1',
        'rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm dark:border-slate-700 dark:bg-slate-800',
      )}
    >
      <p className="text-xs font-medium text-slate-600 dark:text-slate-300">{label}</p>
      <p className={cn('text-xl font-bold tabular-nums', tone)}>{value ?? '—'}</p>
    </div>
  );
}

function OrderRow({ order, onEdit, onCancel }: { order: Order; onEdit: () => void; onCancel: () => void }) {
  const price = orderDisplayPrice(order);
  const total = orderDisplayTotal(order);
  const meta = ORDER_STATUS_META[order.status];
  return (
    <tr
      className="align-top hover:bg-slate-50 dark:hover:bg-slate-700/30"
      data-testid={`order-row-${order.id}`}
    >
      <td className="px-4 py-3">
        <Link
          to={`/stock/${encodeURIComponent(order.symbol)}`}
          className="font-semibold text-slate-900 hover:text-indigo-700 dark:text-white dark:hover:text-indigo-300"
        >
          {order.symbol}
        </Link>
        <span className="block max-w-52 truncate text-xs text-slate-600 dark:text-slate-300">
          {order.stockName}
        </span>
        <span className="block font-mono text-[11px] text-slate-500 dark:text-slate-400" title={order.id}>
          #{order.id.slice(0, 8)}
        </span>
        <OrderReceipt receipt={order.receipt} className="max-w-64" />
      </td>
      <td className="px-4 py-3">
        <Badge tone={SIDE_TONE[order.type]}>{order.type}</Badge>
        <span className="mt-1 block text-xs text-slate-600 dark:text-slate-300">
          {title(order.orderType)}
          {order.orderType !== 'MARKET' ? ` · ${order.validity}` : ''}
        </span>
        <span className="block text-xs text-slate-600 dark:text-slate-300" data-testid="order-product">
          {PRODUCT_LABELS[order.product].short}
        </span>
      </td>
      <td className="px-4 py-3 tabular-nums text-slate-900 dark:text-white">{order.quantity}</td>
      <td className="px-4 py-3 tabular-nums text-slate-900 dark:text-white">
        {price !== null ? formatPrice(price) : 'Market'}
        {order.orderType === 'STOP' && order.triggerPrice !== null && order.executionPrice !== null ? (
          <span className="block text-xs text-slate-600 dark:text-slate-300">
            Trigger {formatPrice(order.triggerPrice)}
          </span>
        ) : null}
      </td>
      <td className="px-4 py-3 tabular-nums text-slate-900 dark:text-white">
        {total !== null ? formatPrice(total) : '—'}
        {order.fees > 0 ? (
          <span className="block text-xs text-slate-600 dark:text-slate-300">
            Fees {formatPrice(order.fees)}
          </span>
        ) : null}
      </td>
      <td className="px-4 py-3">
        <Badge tone={meta.tone} testId="order-status">
          {order.status}
        </Badge>
        {order.statusReason ? (
          <span className="mt-1 block max-w-48 text-xs text-slate-600 dark:text-slate-300">
            {order.statusReason}
          </span>
        ) : null}
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-sm text-slate-600 dark:text-slate-300">
        <time dateTime={order.createdAt}>{formatOrderTime(order.createdAt)}</time>
      </td>
      <td className="px-4 py-3">
        {isOpenOrder(order) ? (
          <div className="flex gap-1">
            <button
              type="button"
              onClick={onEdit}
              aria-label={`Edit order ${order.symbol} #${order.id.slice(0, 8)}`}
              title="Edit order"
              className="rounded-md p-1.5 text-slate-600 hover:bg-indigo-50 hover:text-indigo-700 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-indigo-300"
            >
              <Pencil aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              onClick={onCancel}
              aria-label={`Cancel order ${order.symbol} #${order.id.slice(0, 8)}`}
              title="Cancel order"
              className="rounded-md p-1.5 text-slate-600 hover:bg-red-50 hover:text-red-700 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-red-400"
            >
              <XCircle aria-hidden="true" className="size-4" />
            </button>
          </div>
        ) : order.status === 'FILLED' ? (
          <Link
            to={`/trades?order=${encodeURIComponent(order.id)}`}
            aria-label={`Add to journal: order ${order.symbol} #${order.id.slice(0, 8)}`}
            title="Add to journal"
            className="inline-flex rounded-md p-1.5 text-slate-600 hover:bg-indigo-50 hover:text-indigo-700 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-indigo-300"
          >
            <NotebookPen aria-hidden="true" className="size-4" />
          </Link>
        ) : (
          <span className="text-sm text-slate-400 dark:text-slate-500" aria-label="No actions">
            —
          </span>
        )}
      </td>
    </tr>
  );
}

/** Phones get one card per order instead of a table wider than the screen. */
function OrderCard({ order, onEdit, onCancel }: { order: Order; onEdit: () => void; onCancel: () => void }) {
  const price = orderDisplayPrice(order);
  const total = orderDisplayTotal(order);
  return (
    <li className="space-y-2 px-4 py-3" data-testid={`order-row-${order.id}`}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex items-center gap-2">
            <Badge tone={SIDE_TONE[order.type]}>{order.type}</Badge>
            <Link
              to={`/stock/${encodeURIComponent(order.symbol)}`}
              className="font-semibold text-slate-900 dark:text-white"
            >
              {order.symbol}
            </Link>
          </p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            {order.quantity} × {price !== null ? formatPrice(price) : 'Market'} · {title(order.orderType)}
            {order.orderType !== 'MARKET' ? ` · ${order.validity}` : ''} ·{' '}
            <span data-testid="order-product">{PRODUCT_LABELS[order.product].short}</span>
          </p>
        </div>
        <div className="text-right">
          <p className="font-semibold tabular-nums text-slate-900 dark:text-white">
            {total !== null ? formatPrice(total) : '—'}
          </p>
          <Badge tone={ORDER_STATUS_META[order.status].tone} testId="order-status">
            {order.status}
          </Badge>
        </div>
      </div>
      <OrderReceipt receipt={order.receipt} />
      <div className="flex items-center justify-between gap-2 text-xs text-slate-600 dark:text-slate-300">
        <time dateTime={order.createdAt}>{formatOrderTime(order.createdAt)}</time>
        {order.statusReason ? <span className="truncate">{order.statusReason}</span> : null}
        {isOpenOrder(order) ? (
          <span className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={onEdit}
              aria-label={`Edit order ${order.symbol} #${order.id.slice(0, 8)}`}
            >
              Edit
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={onCancel}
              aria-label={`Cancel order ${order.symbol} #${order.id.slice(0, 8)}`}
            >
              Cancel
            </Button>
          </span>
        ) : order.status === 'FILLED' ? (
          <Link
            to={`/trades?order=${encodeURIComponent(order.id)}`}
            aria-label={`Add to journal: order ${order.symbol} #${order.id.slice(0, 8)}`}
            className="shrink-0 font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            Add to journal
          </Link>
        ) : null}
      </div>
    </li>
  );
}

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

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <SummaryChip
          wide
          label="Total orders"
          value={data?.summary.totalOrders}
          tone="text-slate-900 dark:text-white"
        />
        <SummaryChip
          label="Filled"
          value={data?.summary.filledOrders}
          tone="text-emerald-700 dark:text-emerald-400"
        />
        <SummaryChip
          label="Open"
          value={data?.summary.openOrders}
          tone="text-amber-700 dark:text-amber-400"
        />
        <SummaryChip
          label="Cancelled"
          value={data?.summary.cancelledOrders}
          tone="text-slate-700 dark:text-slate-200"
        />
        <SummaryChip
          label="Rejected"
          value={data?.summary.rejectedOrders}
          tone="text-red-700 dark:text-red-400"
        />
      </div>

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

        {orders.isPending ? (
          <p role="status" className="flex items-center gap-2 p-6 text-sm text-slate-600 dark:text-slate-300">
            <Spinner size="sm" /> Loading orders...
          </p>
        ) : orders.isError ? (
          <p role="alert" className="p-6 text-sm text-red-700 dark:text-red-400">
            {errorMessage(orders.error, 'Failed to fetch orders')}
          </p>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-14 text-center">
            <FileX aria-hidden="true" className="size-10 text-slate-400" />
            <p className="font-semibold text-slate-900 dark:text-white">No Orders Found</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              There are no orders that match your current filters.
            </p>
          </div>
        ) : phone ? (
          <ul className="divide-y divide-slate-100 dark:divide-slate-700" aria-label="Orders">
            {list.map((o) => (
              <OrderCard
                key={o.id}
                order={o}
                onEdit={() => setEditing(o)}
                onCancel={() => setCancelling(o)}
              />
            ))}
          </ul>
        ) : (
          <ScrollRegion label="Orders">
            <table className="w-full min-w-[860px] text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600 dark:border-slate-700 dark:text-slate-300">
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className="px-4 py-3 font-semibold">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
                {list.map((o) => (
                  <OrderRow
                    key={o.id}
                    order={o}
                    onEdit={() => setEditing(o)}
                    onCancel={() => setCancelling(o)}
                  />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}

        {totalPages > 1 ? (
          <nav
            aria-label="Pages"
            className="flex items-center justify-between border-t border-slate-200 px-4 py-3 text-sm dark:border-slate-700"
          >
            <span className="text-slate-600 dark:text-slate-300">
              Page {page} of {totalPages}
            </span>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
                icon={<ChevronLeft aria-hidden="true" className="size-4" />}
              >
                Previous
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= totalPages}
                onClick={() => setPage((p) => p + 1)}
              >
                Next <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </nav>
        ) : null}
      </Card>

      {editing ? <EditOrderModal order={editing} onClose={() => setEditing(null)} /> : null}
      {cancelling ? <CancelOrderModal order={cancelling} onClose={() => setCancelling(null)} /> : null}
    </div>
  );
}
