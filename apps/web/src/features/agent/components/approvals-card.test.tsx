import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { agentStubs, APPROVAL_ID, makeApproval } from '../test/agent-fixtures';

const waiting = () => screen.findByRole('list', { name: 'Waiting for approval' });

describe('/agent approvals', () => {
  it('shows the held order and approves it through POST /api/agent/approvals/:id/approve', async () => {
    signedInAs();
    const calls = stubFetch({
      ...agentStubs({ approvals: [makeApproval()] }),
      [`POST /api/agent/approvals/${APPROVAL_ID}/approve`]: () => ({
        body: { success: true, data: makeApproval({ status: 'APPROVED', orderId: 'o1' }) },
      }),
    });
    renderApp('/agent');
    const list = await waiting();
    expect(within(list).getByText('BUY 10 ITC · LIMIT · ₹450.25 · CNC')).toBeInTheDocument();
    fireEvent.click(within(list).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('Approved: BUY 10 ITC · LIMIT · ₹450.25 · CNC placed'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.key === `POST /api/agent/approvals/${APPROVAL_ID}/approve`)).toHaveLength(1);
  });

  it('rejects through POST /api/agent/approvals/:id/reject', async () => {
    signedInAs();
    const calls = stubFetch({
      ...agentStubs({ approvals: [makeApproval({ type: 'SELL', orderType: 'MARKET', price: null })] }),
      [`POST /api/agent/approvals/${APPROVAL_ID}/reject`]: () => ({
        body: { success: true, data: makeApproval({ status: 'REJECTED' }) },
      }),
    });
    renderApp('/agent');
    const list = await waiting();
    expect(within(list).getByText('SELL 10 ITC · MARKET · CNC')).toBeInTheDocument();
    fireEvent.click(within(list).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(/^Rejected: /)).toBeInTheDocument();
    expect(calls.filter((c) => c.key === `POST /api/agent/approvals/${APPROVAL_ID}/reject`)).toHaveLength(1);
  });

  it("shows the server's reason when placing the approved order was refused", async () => {
    signedInAs();
    const reason = 'This order would take the agent over its budget of ₹50,000';
    stubFetch({
      ...agentStubs({ approvals: [makeApproval()] }),
      [`POST /api/agent/approvals/${APPROVAL_ID}/approve`]: () => ({
        body: { success: true, data: makeApproval({ status: 'REJECTED', reason }) },
      }),
    });
    renderApp('/agent');
    fireEvent.click(within(await waiting()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(`Not placed: ${reason}`)).toBeInTheDocument();
  });

  it('says so when the approved order was placed and then rejected', async () => {
    signedInAs();
    stubFetch({
      ...agentStubs({ approvals: [makeApproval()] }),
      [`POST /api/agent/approvals/${APPROVAL_ID}/approve`]: () => ({
        body: {
          success: true,
          data: makeApproval({ status: 'APPROVED', orderId: 'o1', reason: 'Price outside the circuit band' }),
        },
      }),
    });
    renderApp('/agent');
    fireEvent.click(within(await waiting()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Order rejected: Price outside the circuit band')).toBeInTheDocument();
  });

  it('keeps a refused approval’s reason in view under "Recently decided"', async () => {
    signedInAs();
    const reason = 'Daily loss limit of ₹2,000 reached';
    stubFetch(agentStubs({ approvals: [makeApproval({ status: 'REJECTED', reason })] }));
    renderApp('/agent');
    const decided = await screen.findByRole('list', { name: 'Recently decided' });
    expect(within(decided).getByTestId('approval-reason')).toHaveTextContent(reason);
    expect(within(decided).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Approvals waiting (0)')).toBeInTheDocument();
  });
});
