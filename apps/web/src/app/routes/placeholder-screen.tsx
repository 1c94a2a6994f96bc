import { ComingSoon } from '../../components/ui/coming-soon';

/** Screens the product has not built yet: a heading and an honest notice, no sample numbers. */
export function PlaceholderScreen({ title, description }: { title: string; description: string }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <ComingSoon title={`${title} is coming soon`} description={description} />
    </div>
  );
}
