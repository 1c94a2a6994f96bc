import { KeyRound } from 'lucide-react';
import { MAX_AGENT_TOKENS } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/field';
import { useCreateTokenForm, type CreatedToken } from './use-create-token-form';

/** A new agent token: what it may do, the virtual rupees it trades, and its guard rails. */
export function CreateTokenForm({
  onCreated,
  liveTokens,
}: {
  onCreated: (created: CreatedToken) => void;
  liveTokens: number;
}) {
  const { fields, set, errors, pending, submit } = useCreateTokenForm(onCreated);
  const full = liveTokens >= MAX_AGENT_TOKENS;
  return (
    <Card>
      <CardTitle
        icon={<KeyRound aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />}
      >
        New agent token
      </CardTitle>
      <form
        aria-label="New agent token"
        className="grid gap-4 sm:grid-cols-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="Name"
          value={fields.name}
          onChange={(e) => set.setName(e.target.value)}
          error={errors.name}
          hint="Also the name of the agent's own portfolio."
          maxLength={40}
        />
        <fieldset className="space-y-1.5" aria-describedby={errors.scopes ? 'agent-scopes-error' : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">Scopes</legend>
          <Checkbox
            label="read: prices, holdings, orders, news"
            checked={fields.scopes.includes('read')}
            onChange={(e) => set.toggleScope('read', e.target.checked)}
          />
          <Checkbox
            label="trade: place, modify and cancel orders and GTTs"
            checked={fields.scopes.includes('trade')}
            onChange={(e) => set.toggleScope('trade', e.target.checked)}
          />
          {errors.scopes ? (
            <p id="agent-scopes-error" className="text-sm text-red-700 dark:text-red-400">
              {errors.scopes}
            </p>
          ) : null}
        </fieldset>
        <TextField
          label="Budget (₹)"
          inputMode="numeric"
          value={fields.budget}
          onChange={(e) => set.setBudget(e.target.value)}
          error={errors.budgetInr}
          hint="The portfolio's starting cash, and the most it may have invested at once."
        />
        <TextField
          label="Daily loss limit (₹, optional)"
          inputMode="numeric"
          value={fields.lossLimit}
          onChange={(e) => set.setLossLimit(e.target.value)}
          error={errors.dailyLossLimitInr}
          hint="Once the day's loss reaches it, new orders are refused until tomorrow."
        />
        <div className="sm:col-span-2">
          <Checkbox
            label="Ask me to approve every order"
            checked={fields.requireApproval}
            onChange={(e) => set.setRequireApproval(e.target.checked)}
            error={errors.requireApproval}
          />
        </div>
        {errors._form ? (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-400">
            {errors._form}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" loading={pending} disabled={full}>
            Create token
          </Button>
          {full ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              You hold {MAX_AGENT_TOKENS} live tokens, the most allowed: revoke one first.
            </p>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
