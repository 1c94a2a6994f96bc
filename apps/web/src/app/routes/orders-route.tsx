import { useSearchParams } from 'react-router';
import { Tabs } from '../../components/ui/tabs';
import { OrdersScreen } from '../../features/orders/components/orders-screen';
import { GttScreen } from '../../features/gtt/components/gtt-screen';

type OrdersTab = 'orders' | 'gtt';
const TABS: { key: OrdersTab; label: string }[] = [
  { key: 'orders', label: 'Orders' },
  { key: 'gtt', label: 'GTT' },
];

/** /orders composes the orders list and the GTT list as tabs, as a broker's orders page does; `?tab=gtt` opens GTT. */
export function OrdersRoute() {
  const [params, setParams] = useSearchParams();
  const tab: OrdersTab = params.get('tab') === 'gtt' ? 'gtt' : 'orders';
  return (
    <Tabs
      label="Orders and GTT"
      tabs={TABS}
      active={tab}
      onChange={(key) =>
        setParams(
          (prev) => {
            const p = new URLSearchParams(prev);
            if (key === 'gtt') p.set('tab', 'gtt');
            else p.delete('tab');
            return p;
          },
          { replace: true },
        )
      }
    >
      {tab === 'gtt' ? <GttScreen /> : <OrdersScreen />}
    </Tabs>
  );
}
