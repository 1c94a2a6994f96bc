import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { agentStubs, makeToken, TOKEN_ID } from '../test/agent-fixtures';
import { AGENT_SANDBOX_OFF_MESSAGE } from './agent-screen';

const SECRET = 'nva_0123456789abcdef0123456789abcdef0123456789ab';

describe('/agent', () => {
  it('says the sandbox is off, lists no nav link and asks the agent routes nothing when AGENT_MCP_ENABLED is off', async () => {
    signedInAs();
    const calls = stubFetch(agentStubs({}, false));
    renderApp('/agent');
    expect(await screen.findByText(AGENT_SANDBOX_OFF_MESSAGE)).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /Classrooms/ })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Agent sandbox/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('GET /api/agent'))).toBe(false);
  });

  it('lists the nav entry where the sandbox is on', async () => {
    signedInAs();
    stubFetch(agentStubs());
    renderApp('/agent');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: /Agent sandbox/ })).toHaveAttribute('href', '/agent');
    const token = await screen.findByRole('listitem', { name: 'Claude swing' });
    expect(within(token).getByText('₹50,000.00')).toBeInTheDocument();
    expect(within(token).getByText('Every order')).toBeInTheDocument();
    expect(within(token).getByText('₹2,000.00')).toBeInTheDocument();
    expect(within(token).getByText('read, trade')).toBeInTheDocument();
  });

  it('shows each field’s zod error and sends nothing until the form is valid', async () => {
    signedInAs();
    const calls = stubFetch(agentStubs());
    renderApp('/agent');
    const form = await screen.findByRole('form', { name: 'New agent token' });
    fireEvent.click(within(form).getByRole('checkbox', { name: /^read/ }));
    fireEvent.change(within(form).getByLabelText('Budget (₹)'), { target: { value: '500' } });
    fireEvent.change(within(form).getByLabelText('Daily loss limit (₹, optional)'), {
      target: { value: '10.5' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(within(form).getByText('Name the token')).toBeInTheDocument();
    expect(within(form).getByText('Give the token at least one scope')).toBeInTheDocument();
    expect(within(form).getByText('Budget must be at least ₹1,000')).toBeInTheDocument();
    expect(within(form).getByText('Daily loss limit must be whole rupees')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/agent/tokens')).toBe(false);
  });

  it('creates a token and shows its secret once, with the MCP URL and a Claude Desktop config', async () => {
    signedInAs();
    const created = makeToken({ id: '7d0c8b8e-4a51-4c0e-9a3e-0000000000a2', name: 'Scalper' });
    const calls = stubFetch({
      ...agentStubs(),
      'POST /api/agent/tokens': () => ({
        status: 201,
        body: { success: true, data: { token: created, secret: SECRET } },
      }),
    });
    renderApp('/agent');
    const form = await screen.findByRole('form', { name: 'New agent token' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Scalper' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /^trade/ }));
    fireEvent.change(within(form).getByLabelText('Budget (₹)'), { target: { value: '25000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }));

    expect(await screen.findByTestId('agent-secret')).toHaveTextContent(SECRET);
    expect(calls.find((c) => c.key === 'POST /api/agent/tokens')?.body).toEqual({
      name: 'Scalper',
      scopes: ['read', 'trade'],
      budgetInr: 25000,
      requireApproval: true,
      dailyLossLimitInr: null,
    });
    expect(screen.getByTestId('agent-mcp-url')).toHaveTextContent(`${window.location.origin}/mcp`);
    expect(screen.getByTestId('agent-claude-config')).toHaveTextContent(`Authorization: Bearer ${SECRET}`);
    expect(screen.getByText(/It is shown this once/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(SECRET, { exact: false })).not.toBeInTheDocument();
  });

  it('revokes a token through DELETE /api/agent/tokens/:id', async () => {
    signedInAs();
    const calls = stubFetch({
      ...agentStubs(),
      [`DELETE /api/agent/tokens/${TOKEN_ID}`]: () => ({
        body: { success: true, data: makeToken({ revokedAt: '2026-11-27T06:00:00.000Z' }) },
      }),
    });
    renderApp('/agent');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Claude swing' }));
    expect(await screen.findByText('Claude swing revoked: its secret no longer works')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === `DELETE /api/agent/tokens/${TOKEN_ID}`)).toHaveLength(1);
    // The list is read again after the change.
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET /api/agent/tokens')).toHaveLength(2));
  });

  it('the kill switch asks first, then reports what the server stopped', async () => {
    signedInAs();
    const calls = stubFetch({
      ...agentStubs(),
      [`POST /api/agent/tokens/${TOKEN_ID}/kill`]: () => ({
        body: {
          success: true,
          data: {
            token: makeToken({ revokedAt: '2026-11-27T06:00:00.000Z' }),
            cancelledOrders: 2,
            cancelledGtts: 1,
            rejectedApprovals: 3,
          },
        },
      }),
    });
    renderApp('/agent');
    fireEvent.click(await screen.findByRole('button', { name: 'Kill switch for Claude swing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kill Claude swing?' });
    expect(dialog).toHaveTextContent('revokes the token at once, cancels its open orders and GTTs');
    expect(calls.some((c) => c.key.endsWith('/kill'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kill Claude swing' }));
    expect(await screen.findByTestId('agent-kill-result')).toHaveTextContent(
      'Cancelled 2 open orders and 1 GTT; rejected 3 waiting approvals.',
    );
    expect(calls.filter((c) => c.key === `POST /api/agent/tokens/${TOKEN_ID}/kill`)).toHaveLength(1);
  });
});
