import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import {
  createPortfolioRequestSchema,
  CUSTOM_PORTFOLIOS_LIMIT_MESSAGE,
  DEFAULT_PORTFOLIO_STARTING_CASH_PAISE,
  MAX_CUSTOM_PORTFOLIOS,
  paiseToRupees,
} from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreatePortfolio } from '../api/portfolios-api';

const DEFAULT_CASH = String(paiseToRupees(BigInt(DEFAULT_PORTFOLIO_STARTING_CASH_PAISE)));

/** Reads the cash box as the schema expects: a number, or what the user typed when it is not one. */
function cashValue(text: string): unknown {
  const trimmed = text.replace(/,/g, '').trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : trimmed;
}

/**
 * A new custom portfolio: a name and its starting cash in rupees (default ₹10,000), checked with
 * the shared schema before it is sent, and by the server after. At the cap the form is disabled
 * and says why.
 */
export function CreatePortfolioForm({
  customCount,
  autoFocus,
  onCreated,
}: {
  customCount: number;
  autoFocus: boolean;
  onCreated: (id: string) => void;
}) {
  const [name, setName] = useState('');
  const [cash, setCash] = useState(DEFAULT_CASH);
  const [errors, setErrors] = useState<{ name?: string; startingCash?: string }>({});
  const create = useCreatePortfolio();
  const atCap = customCount >= MAX_CUSTOM_PORTFOLIOS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (atCap) return;
    const parsed = createPortfolioRequestSchema.safeParse({ name, startingCash: cashValue(cash) });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'startingCash') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (res) => {
        notify.success(res.message);
        setName('');
        setCash(DEFAULT_CASH);
        onCreated(res.data.id);
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
          setErrors({ name: error.fieldErrors.name, startingCash: error.fieldErrors.startingCash });
        } else notify.error(errorMessage(error, 'Could not create the portfolio'));
      },
    });
  };

  return (
    <Card aria-labelledby="create-portfolio-title">
      <CardTitle icon={<Plus aria-hidden="true" className="size-5" />}>
        <span id="create-portfolio-title">New portfolio</span>
      </CardTitle>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        Try a strategy with its own cash, orders and history, apart from Main. You can keep{' '}
        {MAX_CUSTOM_PORTFOLIOS} besides Main ({customCount} used).
      </p>
      {atCap ? (
        <p role="status" className="mb-3 text-sm font-medium text-amber-800 dark:text-amber-300">
          {CUSTOM_PORTFOLIOS_LIMIT_MESSAGE}
        </p>
      ) : null}
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-start">
        <TextField
          label="Name"
          value={name}
          maxLength={60}
          autoFocus={autoFocus}
          disabled={atCap}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Starting cash (₹)"
          inputMode="numeric"
          value={cash}
          disabled={atCap}
          error={errors.startingCash}
          onChange={(e) => setCash(e.target.value)}
        />
        <Button
          type="submit"
          className="sm:mt-7"
          loading={create.isPending}
          disabled={atCap}
          title={atCap ? CUSTOM_PORTFOLIOS_LIMIT_MESSAGE : undefined}
        >
          Create portfolio
        </Button>
      </form>
    </Card>
  );
}
