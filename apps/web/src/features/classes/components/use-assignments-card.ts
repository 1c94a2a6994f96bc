import { useState } from 'react';
import { MAX_ASSIGNMENT_COUNT, type AssignmentKind } from '@nivesh/shared';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAddAssignment, useClassAssignments, useRemoveAssignment } from '../api/class-assignments-api';

/** Kinds whose N the teacher picks; the GTT and review kinds are asked once by default. */
export const KIND_LABELS: Record<AssignmentKind, string> = {
  limit_orders: 'Place N limit orders',
  sectors: 'Hold stocks from at least N sectors',
  gtt_stop_target: 'Set N GTTs with a stop and a target',
  trade_review: 'Write reviews of N closed trades',
};

/** State of the assignments card: the list, and the teacher's form to add and remove. */
export function useAssignmentsCard(classId: string, enabled: boolean) {
  const list = useClassAssignments(classId, enabled);
  const add = useAddAssignment(classId);
  const remove = useRemoveAssignment(classId);
  const [kind, setKind] = useState<AssignmentKind>('limit_orders');
  const [count, setCount] = useState('3');
  const n = Number(count);
  const countError =
    count.trim() === '' || !Number.isInteger(n) || n < 1 || n > MAX_ASSIGNMENT_COUNT
      ? `A whole number from 1 to ${MAX_ASSIGNMENT_COUNT}`
      : undefined;
  return {
    list,
    kind,
    setKind,
    count,
    setCount,
    countError,
    adding: add.isPending,
    removingId: remove.isPending ? remove.variables : undefined,
    add: async () => {
      if (countError) return;
      try {
        notify.success((await add.mutateAsync({ kind, count: n })).message);
      } catch (e) {
        notify.error(errorMessage(e, 'Could not set the assignment'));
      }
    },
    remove: async (assignmentId: string) => {
      try {
        notify.success((await remove.mutateAsync(assignmentId)).message);
      } catch (e) {
        notify.error(errorMessage(e, 'Could not remove the assignment'));
      }
    },
  };
}
