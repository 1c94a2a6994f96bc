import { FileX } from 'lucide-react';
import { type Order } from '@nivesh/shared';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useOrders } from '../../account/api/account-api';
import { ScrollRegion } from '../../../components/ui/scroll-region';

import { OrderCard, OrderRow } from './order-rows';

const COLUMNS = ['Order Details', 'Type', 'Quantity', 'Price', 'Total', 'Status', 'Time', 'Actions'];

export interface OrdersListProps {
  orders: ReturnType<typeof useOrders>;
  list: Order[];
  phone: boolean;
  onEdit: (order: Order) => void;
  onCancel: (order: Order) => void;
}

/** The orders as a table, or as cards on a phone; loading, error and empty states in their place. */
export function OrdersList({ orders, list, phone, onEdit, onCancel }: OrdersListProps) {
  return (
    <>
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
            <OrderCard key={o.id} order={o} onEdit={() => onEdit(o)} onCancel={() => onCancel(o)} />
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
                <OrderRow key={o.id} order={o} onEdit={() => onEdit(o)} onCancel={() => onCancel(o)} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  );
}
