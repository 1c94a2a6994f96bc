import { useState } from 'react';
import { Crosshair } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { GttDialog } from './gtt-dialog';

/** "Set GTT" for a stock: the stock page offers it beside the watchlist and alert actions. */
export function SetGttButton({ symbol }: { symbol: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        icon={<Crosshair aria-hidden="true" className="size-4" />}
      >
        Set GTT
      </Button>
      {open ? <GttDialog symbol={symbol} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
