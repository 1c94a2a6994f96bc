import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { contactRequestSchema } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toFieldErrors, type FieldErrors } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useSendContact } from '../api/contact-api';

export interface ContactValues {
  name: string;
  email: string;
  message: string;
}

const EMPTY: ContactValues = { name: '', email: '', message: '' };

/** `initialValues`: what a visitor typed into the prerendered page's form before it went live. */
export function ContactForm({ initialValues = EMPTY }: { initialValues?: ContactValues }) {
  const send = useSendContact();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const set = (key: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const parsed = contactRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: (res) => {
        setResult({ tone: 'success', text: res.message });
        notify.success(res.message);
        setValues(EMPTY);
      },
      onError: (err) => {
        if (err instanceof ApiError) setErrors(err.fieldErrors);
        const text = errorMessage(err, 'Failed to send your message. Please try again.');
        setResult({ tone: 'error', text });
        notify.error(text);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Contact form">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          error={errors.email}
        />
      </div>
      <TextAreaField
        label="Message"
        name="message"
        rows={5}
        value={values.message}
        onChange={(e) => set('message', e.target.value)}
        error={errors.message}
      />
      {result ? (
        <p
          role={result.tone === 'error' ? 'alert' : 'status'}
          className={
            result.tone === 'error'
              ? 'text-sm text-red-700 dark:text-red-400'
              : 'text-sm font-medium text-emerald-800 dark:text-emerald-300'
          }
        >
          {result.text}
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        loading={send.isPending}
        icon={<Send aria-hidden="true" className="size-4" />}
      >
        Send Message
      </Button>
    </form>
  );
}
