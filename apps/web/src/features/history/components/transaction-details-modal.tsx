import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FEE_LINES, formatInr, isCashEntry, plural, PRODUCT_LABELS, type Transaction } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatSignedInr } from '../../../lib/money-format';
import { changeTone, formatPercent } from '../../market/lib/format';
import { formatDateTime } from '../../../lib/date-format';
import { StatusBadge, stockLabel, TypeBadge } from './transaction-badges';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
      <dl className="space-y-1.5 text-sm">{children}</dl>
    </section>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <dt className="whitespace-nowrap text-slate-600 dark:text-slate-300">{label}</dt>
      <dd
        className="text-right font-medium tabular-nums text-slate-900 dark:text-slate-100"
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}

/** Every figure here is to the paisa: this is the contract note, where the table rounds. */
export function TransactionDetailsModal({
  tx,
  onClose,
  readOnly = false,
}: {
  tx: Transaction | null;
  onClose: () => void;
  /** A closed season's row: nothing to add or change. */
  readOnly?: boolean;
}) {
  const navigate = useNavigate();
  if (!tx) return null;
  const isStock = !isCashEntry(tx.type);
  return (
    <Modal open title="Transaction Details" onClose={onClose} size="lg">
      <div className="grid gap-3 sm:grid-cols-2" data-testid="transaction-details">
        <Section title="Basic Information">
          <Row label="Transaction ID">
            <span className="break-all font-mono text-xs">{tx.id}</span>
          </Row>
          {tx.orderId ? (
            <Row label="Order ID">
              <span className="break-all font-mono text-xs">{tx.orderId}</span>
            </Row>
          ) : null}
          <Row label="Type">
            <TypeBadge type={tx.type} />
          </Row>
          <Row label="Status">
            <StatusBadge status={tx.status} />
          </Row>
          <Row label="Date & Time">{formatDateTime(tx.timestamp)} IST</Row>
        </Section>

        <Section title="Stock Information">
          <Row label="Symbol">{stockLabel(tx.symbol)}</Row>
          <Row label="Name">{tx.name}</Row>
          {isStock ? (
            <>
              <Row label="Exchange">{tx.exchange}</Row>
              <Row label="Sector">{tx.sector}</Row>
            </>
          ) : null}
        </Section>

        <Section title="Transaction Details">
          {isStock ? (
            <>
              {tx.orderType ? <Row label="Order type">{tx.orderType}</Row> : null}
              {tx.product ? <Row label="Product">{PRODUCT_LABELS[tx.product].long}</Row> : null}
              <Row label="Quantity">{tx.quantity}</Row>
              <Row label="Price">{tx.price > 0 ? formatInr(tx.price) : 'Market'}</Row>
              {tx.receipt ? (
                <Row label="Why this price" testId="detail-receipt">
                  {tx.receipt}
                </Row>
              ) : null}
            </>
          ) : null}
          <Row label={isStock ? 'Trade value' : 'Amount'}>{formatInr(tx.totalAmount)}</Row>
          {tx.feeBreakdown
            ? FEE_LINES.map(({ key, label }) =>
                tx.feeBreakdown![key] > 0 ? (
                  <Row key={key} label={label}>
                    {formatInr(tx.feeBreakdown![key])}
                  </Row>
                ) : null,
              )
            : null}
          {isStock ? (
            <Row label="Total fees" testId="detail-fees">
              {formatInr(tx.fees)}
            </Row>
          ) : null}
          <Row label="Net amount" testId="detail-net">
            <span className={changeTone(tx.netAmount)}>{formatSignedInr(tx.netAmount)}</span>
          </Row>
        </Section>

        {tx.gainLoss !== null ? (
          <Section title="Performance">
            <Row label="Realized gain/loss" testId="detail-gain-loss">
              <span className={changeTone(tx.gainLoss)}>{formatSignedInr(tx.gainLoss)}</span>
            </Row>
            {tx.gainLossPercent !== null ? (
              <Row label="Return">
                <span className={changeTone(tx.gainLossPercent)}>{formatPercent(tx.gainLossPercent)}</span>
              </Row>
            ) : null}
          </Section>
        ) : null}

        {tx.status === 'failed' && tx.failureReason ? (
          <Section title="Failure Information">
            <Row label="Reason">
              <span className="text-red-700 dark:text-red-400">{tx.failureReason}</span>
            </Row>
            {tx.failureRefusal ? (
              <>
                <Row label="Rule" testId="detail-failure-rule">
                  <span>{tx.failureRefusal.rule}</span>
                </Row>
                {tx.failureRefusal.suggestion ? (
                  <Row label="Would have passed" testId="detail-failure-suggestion">
                    <span>
                      {'price' in tx.failureRefusal.suggestion
                        ? `At ${formatInr(tx.failureRefusal.suggestion.price)}`
                        : plural(tx.failureRefusal.suggestion.quantity, 'share')}
                    </span>
                  </Row>
                ) : null}
                <Row label="Code">
                  <span className="font-mono text-xs">{tx.failureRefusal.code}</span>
                </Row>
              </>
            ) : null}
          </Section>
        ) : null}
      </div>
      {tx.description ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{tx.description}</p>
      ) : null}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        {!readOnly && isStock && tx.status === 'completed' ? (
          <Button
            variant="secondary"
            onClick={() => void navigate(`/trades?fill=${encodeURIComponent(tx.id)}`)}
          >
            Add to journal
          </Button>
        ) : null}
        {isStock ? (
          <Button onClick={() => void navigate(`/stock/${encodeURIComponent(tx.symbol)}`)}>View Stock</Button>
        ) : null}
      </div>
    </Modal>
  );
}
