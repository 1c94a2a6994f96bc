import { useState } from 'react';
import { formatDateTime } from '@nivesh/shared';
import { useIntradayCutoff } from '../../account/api/use-intraday-cutoff';

export type FoProduct = 'NRML' | 'MIS';
export type FoOrderType = 'MARKET' | 'LIMIT';

/**
 * How the builder's legs go: NRML (carried to expiry) or MIS (intraday, closed at the 15:25 F&O
 * cut-off), as market orders or as limits at each leg's price. MIS is off once the cut-off has
 * passed, with the reason: the server refuses it until the next session opens.
 */
export function useOrderSettings() {
  const [chosen, setProduct] = useState<FoProduct>('NRML');
  const [orderType, setOrderType] = useState<FoOrderType>('MARKET');
  const cutoff = useIntradayCutoff('FO');
  const misClosed = cutoff?.passed
    ? `Intraday (MIS) F&O orders closed at the cut-off, ${formatDateTime(cutoff.at)} IST; NRML is open`
    : null;
  const product: FoProduct = misClosed ? 'NRML' : chosen;
  return { product, setProduct, orderType, setOrderType, misClosed };
}

export type OrderSettings = ReturnType<typeof useOrderSettings>;
