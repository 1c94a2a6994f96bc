import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** Where people can reach us; kept in one place so operators can change it. */
export const CONTACT_ADDRESSES = {
  support: 'support@nivesh.app',
  privacy: 'privacy@nivesh.app',
} as const;

export function LegalPage({
  title,
  updated,
  sections,
  other,
}: {
  title: string;
  updated: string;
  sections: LegalSection[];
  other: { to: string; label: string };
}) {
  const links = (
    <nav aria-label="Legal" className="flex flex-wrap gap-4 text-sm font-medium">
      <Link to={other.to} className="text-indigo-700 hover:underline dark:text-indigo-300">
        {other.label}
      </Link>
      <Link to="/login" className="text-indigo-700 hover:underline dark:text-indigo-300">
        Back to Login
      </Link>
    </nav>
  );
  return (
    <article className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 dark:border-slate-700 dark:bg-slate-800">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Last updated: {updated}</p>
      <div className="mt-4">{links}</div>
      <div className="mt-8 space-y-8">
        {sections.map((s, i) => (
          <section key={s.title} aria-labelledby={`legal-${i}`}>
            <h2 id={`legal-${i}`} className="text-xl font-semibold text-slate-900 dark:text-white">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-2 space-y-2 leading-relaxed text-slate-700 dark:text-slate-300">{s.body}</div>
          </section>
        ))}
      </div>
      <div className="mt-10 border-t border-slate-200 pt-6 dark:border-slate-700">{links}</div>
    </article>
  );
}
