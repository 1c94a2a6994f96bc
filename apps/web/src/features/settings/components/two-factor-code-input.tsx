import { TextField } from '../../../components/ui/field';

/** Digits only, at most six; the parent enables Verify at exactly six. */
export function TwoFactorCodeInput({
  value,
  onChange,
  error,
  label = 'Verification code',
  onBlur,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label?: string;
  onBlur?: () => void;
}) {
  return (
    <TextField
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="000000"
      maxLength={6}
      className="text-center font-mono text-xl tracking-[0.4em]"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      onBlur={onBlur}
      error={error}
      data-autofocus
    />
  );
}
