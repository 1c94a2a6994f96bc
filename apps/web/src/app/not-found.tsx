import { useNavigate } from 'react-router';
import { Compass } from 'lucide-react';
import { Button } from '../components/ui/button';

export function NotFoundScreen() {
  const navigate = useNavigate();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <Compass aria-hidden="true" className="size-14 text-indigo-600 dark:text-indigo-400" />
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">404 - Page Not Found</h1>
      <p className="max-w-md text-slate-600 dark:text-slate-300">
        The page you are looking for does not exist or has moved.
      </p>
      <div className="flex gap-3">
        <Button onClick={() => navigate('/')}>Go Home</Button>
        <Button variant="secondary" onClick={() => navigate(-1)}>
          Go Back
        </Button>
      </div>
    </main>
  );
}
