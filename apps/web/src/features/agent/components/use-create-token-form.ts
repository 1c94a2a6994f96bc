import { useState } from 'react';
import { createAgentTokenRequestSchema, type AgentScope, type AgentToken } from '@nivesh/shared';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toFieldErrors, type FieldErrors } from '../../../lib/form';
import { useCreateAgentToken } from '../api/agent-api';

export interface CreatedToken {
  token: AgentToken;
  secret: string;
}

/** An empty box is "not given" (zod names the field); anything else is read as a number, NaN included. */
const rupees = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** The create form's fields, validated by the request's own zod schema before anything is sent. */
export function useCreateTokenForm(onCreated: (created: CreatedToken) => void) {
  const create = useCreateAgentToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<AgentScope[]>(['read']);
  const [budget, setBudget] = useState('50000');
  const [requireApproval, setRequireApproval] = useState(true);
  const [lossLimit, setLossLimit] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const toggleScope = (scope: AgentScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  const submit = async () => {
    const parsed = createAgentTokenRequestSchema.safeParse({
      name,
      scopes,
      budgetInr: rupees(budget),
      requireApproval,
      dailyLossLimitInr: rupees(lossLimit) ?? null,
    });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      onCreated(await create.mutateAsync(parsed.data));
      setName('');
    } catch (e) {
      const fields = e instanceof ApiError ? e.fieldErrors : {};
      setErrors(
        Object.keys(fields).length ? fields : { _form: errorMessage(e, 'Could not create the token') },
      );
    }
  };

  return {
    fields: { name, scopes, budget, requireApproval, lossLimit },
    set: { setName, toggleScope, setBudget, setRequireApproval, setLossLimit },
    errors,
    pending: create.isPending,
    submit,
  };
}
