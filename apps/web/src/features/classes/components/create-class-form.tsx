import { useId } from 'react';
import { GraduationCap } from 'lucide-react';
import { CLASS_UNIVERSE_LABELS, ORDER_TYPES, type ClassUniverseName } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input';
import { useCreateClassForm } from './use-create-class-form';

const TYPE_LABELS = { MARKET: 'Market', LIMIT: 'Limit', STOP: 'Stop' } as const;

/** "New class": name, virtual cash, dates and the optional rules. */
export function CreateClassForm({ onCreated }: { onCreated: (id: string) => void }) {
  const id = useId();
  const { draft, set, errors, submit, busy, universes } = useCreateClassForm(onCreated);
  return (
    <Card>
      <CardTitle
        icon={<GraduationCap aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />}
      >
        New class
      </CardTitle>
      <form
        className="space-y-4"
        aria-label="New class"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="Class name"
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
          error={errors.name}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Virtual cash per student (₹)"
            inputMode="numeric"
            value={draft.startingCash}
            onChange={(e) => set({ startingCash: e.target.value })}
            error={errors.startingCash}
          />
          <TextField
            label="Start date"
            type="date"
            value={draft.startDate}
            onChange={(e) => set({ startDate: e.target.value })}
            error={errors.startDate}
          />
          <TextField
            label="End date"
            type="date"
            value={draft.endDate}
            onChange={(e) => set({ endDate: e.target.value })}
            error={errors.endDate}
            hint="Students may join until this day"
          />
        </div>
        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-100">
            Rules (all optional)
          </legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Position cap (% of portfolio)"
              inputMode="numeric"
              value={draft.maxPositionPercent}
              onChange={(e) => set({ maxPositionPercent: e.target.value })}
              error={errors.maxPositionPercent}
            />
            <TextField
              label="Minimum price to buy (₹)"
              inputMode="decimal"
              value={draft.minPrice}
              onChange={(e) => set({ minPrice: e.target.value })}
              error={errors.minPrice}
            />
            <TextField
              label="Orders per day"
              inputMode="numeric"
              value={draft.maxTradesPerDay}
              onChange={(e) => set({ maxTradesPerDay: e.target.value })}
              error={errors.maxTradesPerDay}
            />
            <TextField
              label="Weekly deposit (₹)"
              hint="Virtual cash added each class week"
              inputMode="numeric"
              value={draft.weeklyDeposit}
              onChange={(e) => set({ weeklyDeposit: e.target.value })}
              error={errors.weeklyDeposit}
            />
          </div>
          <div className="space-y-1.5">
            <label
              htmlFor={`${id}-universe`}
              className="block text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              Stocks students may buy
            </label>
            <select
              id={`${id}-universe`}
              className={inputClass}
              value={draft.universe}
              onChange={(e) => set({ universe: e.target.value as '' | ClassUniverseName })}
            >
              <option value="">Any stock in the market</option>
              {universes.map((u) => (
                <option key={u} value={u}>
                  {CLASS_UNIVERSE_LABELS[u]}
                </option>
              ))}
            </select>
          </div>
          <div role="group" aria-label="Order types allowed" className="flex flex-wrap gap-4">
            {ORDER_TYPES.map((t) => (
              <Checkbox
                key={t}
                label={`${TYPE_LABELS[t]} orders`}
                checked={draft.orderTypes[t]}
                onChange={(e) => set({ orderTypes: { ...draft.orderTypes, [t]: e.target.checked } })}
              />
            ))}
          </div>
          {errors.allowedOrderTypes ? (
            <p className="text-sm text-red-700 dark:text-red-400">{errors.allowedOrderTypes}</p>
          ) : null}
          <Checkbox
            label="Allow intraday (MIS)"
            checked={draft.allowMIS}
            onChange={(e) => set({ allowMIS: e.target.checked })}
          />
          <Checkbox
            label="Every order needs a trade note (kept in the student's journal)"
            checked={draft.requireTradeNote}
            onChange={(e) => set({ requireTradeNote: e.target.checked })}
          />
          <Checkbox
            label="Classmates can see each other's holdings (you always can)"
            checked={draft.showHoldingsToClassmates}
            onChange={(e) => set({ showHoldingsToClassmates: e.target.checked })}
          />
        </fieldset>
        {errors.form ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" loading={busy}>
          Create class
        </Button>
      </form>
    </Card>
  );
}
