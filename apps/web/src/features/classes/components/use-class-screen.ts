import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { notify } from '../../../lib/notify';
import {
  downloadClassReport,
  useClass,
  useClassStandings,
  useRemoveStudent,
  useRotateInviteCode,
} from '../api/classes-api';

/** State of /classes/:id: the class, its standings, and the teacher's actions. */
export function useClassScreen(id: string) {
  const navigate = useNavigate();
  const { select } = useActivePortfolio();
  const cls = useClass(id);
  const role = cls.data?.role;
  const active = role === 'teacher' || cls.data?.membership?.status === 'active';
  const standings = useClassStandings(id, cls.isSuccess && active);
  const rotate = useRotateInviteCode(id);
  const remove = useRemoveStudent(id);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  return {
    cls,
    standings,
    active,
    confirming,
    setConfirming,
    rotating: rotate.isPending,
    removing: remove.isPending,
    downloading,
    rotate: async () => {
      try {
        notify.success((await rotate.mutateAsync()).message ?? 'New invite code');
      } catch (e) {
        notify.error(errorMessage(e, 'Could not change the code'));
      }
    },
    remove: async (userId: string) => {
      try {
        notify.success((await remove.mutateAsync(userId)).message);
        setConfirming(null);
      } catch (e) {
        notify.error(errorMessage(e, 'Could not remove the student'));
      }
    },
    download: async () => {
      setDownloading(true);
      try {
        await downloadClassReport(id);
      } catch (e) {
        notify.error(errorMessage(e, 'Could not download the report'));
      } finally {
        setDownloading(false);
      }
    },
    /** Makes the class portfolio the active one and opens the trading page. */
    trade: (portfolioId: string) => {
      select(portfolioId);
      void navigate('/trading');
    },
  };
}
