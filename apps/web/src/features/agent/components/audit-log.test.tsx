import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { AUDIT_PAGE_SIZE } from '../api/agent-api';
import { agentStubs, makeAuditEntry, TOKEN_ID } from '../test/agent-fixtures';

describe('/agent audit log', () => {
  it('lists each call with its outcome and ledger effect, and pages back with "Older"', async () => {
    signedInAs();
    const page = Array.from({ length: AUDIT_PAGE_SIZE }, (_, i) => makeAuditEntry(i + 1));
    page[0] = makeAuditEntry(1, {
      tool: 'place_order',
      arguments: { exchange: 'NSE', tradingsymbol: 'ITC', transaction_type: 'BUY', quantity: 10 },
      summary: 'Order o1 COMPLETE',
      ledgerEffectInr: -4512.75,
    });
    const last = page.at(-1)!.id;
    const calls = stubFetch({
      ...agentStubs({ audit: page }),
      [`GET /api/agent/audit?limit=50&before=${last}`]: () => ({
        body: { success: true, data: [makeAuditEntry(999, { tool: 'get_holdings', summary: 'old call' })] },
      }),
      [`GET /api/agent/audit?limit=50&tokenId=${TOKEN_ID}`]: () => ({ body: { success: true, data: [] } }),
    });
    renderApp('/agent');
    const table = await screen.findByRole('table', { name: 'Agent audit log' });
    const row = within(table).getByText('Order o1 COMPLETE').closest('tr')!;
    expect(row).toHaveTextContent('place_order');
    expect(row).toHaveTextContent('exchange=NSE, tradingsymbol=ITC, transaction_type=BUY, quantity=10');
    expect(row).toHaveTextContent('−₹4,512.75');

    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await within(table).findByText('old call')).toBeInTheDocument();
    expect(calls.some((c) => c.key === `GET /api/agent/audit?limit=50&before=${last}`)).toBe(true);
    // A short page is the end: no more "Older".
    expect(screen.queryByRole('button', { name: 'Older' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Filter by token'), { target: { value: TOKEN_ID } });
    expect(await screen.findByText(/No calls yet/)).toBeInTheDocument();
    expect(calls.some((c) => c.key === `GET /api/agent/audit?limit=50&tokenId=${TOKEN_ID}`)).toBe(true);
  });
});
