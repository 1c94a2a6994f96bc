import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/notify';

/** Copies `text`; says "Copied" on the button itself, or an error if the clipboard refused. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      notify.error('Could not copy to the clipboard');
    }
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void copy()}
      icon={
        copied ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )
      }
    >
      {copied ? 'Copied' : label}
    </Button>
  );
}
