import { Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../lib/notify';
import { copyText } from './use-two-factor-setup';

/** The one-time view of the recovery codes, after 2FA is verified. */
export function RecoveryCodesModal({ recoveryCodes, close }: { recoveryCodes: string[]; close: () => void }) {
  return (
    <Modal
      open
      title="Save Your Recovery Codes"
      onClose={close}
      description="Each code signs you in once if you lose your authenticator. They are shown only now."
    >
      <ul
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm dark:bg-slate-900"
        data-testid="recovery-codes"
      >
        {recoveryCodes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="mt-4 flex justify-end gap-3">
        <Button
          variant="secondary"
          icon={<Copy aria-hidden="true" className="size-4" />}
          onClick={async () => {
            if (await copyText(recoveryCodes.join('\n')))
              notify.success('Recovery codes copied to clipboard');
            else notify.error('Could not copy to the clipboard');
          }}
        >
          Copy Codes
        </Button>
        <Button onClick={close}>Done</Button>
      </div>
    </Modal>
  );
}
