/**
 * The event both fan-out servers send: a real `notification` payload whose `data.sentAt` (epoch
 * ms, sub-ms precision) lets the clients measure emit→receipt latency.
 */
export function benchNotification(seq: number) {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    type: 'info' as const,
    title: 'Bench',
    message: `event ${seq}`,
    link: null,
    read: false,
    readAt: null,
    createdAt: new Date().toISOString(),
    data: { sentAt: performance.timeOrigin + performance.now(), seq },
  };
}

/** Two full collections (the second frees what the first's finalisers released), so heapUsed counts live objects. */
export function heapSettle() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  gc();
  gc();
}
