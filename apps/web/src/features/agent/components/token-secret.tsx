import { ShieldAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { claudeDesktopConfig, mcpUrl } from '../lib/connect';
import { CopyButton } from './copy-button';
import type { CreatedToken } from './use-create-token-form';

const codeClass =
  // Wrapped, not scrolled: a phone shows the whole secret and config without a sideways scroll.
  'block whitespace-pre-wrap break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs text-slate-900 dark:bg-slate-900 dark:text-slate-100';

/** The secret exists only in this panel: the server keeps its hash, so it cannot be shown again. */
export function TokenSecret({ created, onDone }: { created: CreatedToken; onDone: () => void }) {
  const origin = window.location.origin;
  const config = claudeDesktopConfig(origin, created.secret);
  return (
    <Card className="border-amber-300 dark:border-amber-700" aria-labelledby="agent-secret-title">
      <div className="space-y-4">
        <div className="flex items-start gap-2">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
          <div>
            <h2 id="agent-secret-title" className="font-semibold text-slate-900 dark:text-white">
              Token “{created.token.name}” created: copy its secret now
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              It is shown this once. Nivesh keeps only a hash of it; if you lose it, revoke the token and make
              a new one.
            </p>
          </div>
        </div>
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-slate-800 dark:text-slate-200">Secret</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className={`${codeClass} min-w-0 flex-1`} data-testid="agent-secret">
              {created.secret}
            </code>
            <CopyButton text={created.secret} label="Copy secret" />
          </div>
        </div>
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
            MCP server (streamable HTTP)
          </p>
          <code className={codeClass} data-testid="agent-mcp-url">
            {mcpUrl(origin)}
          </code>
          <p className="text-xs text-slate-600 dark:text-slate-300">
            Any MCP client: this URL with the header <code>Authorization: Bearer</code> and the secret.
          </p>
        </div>
        <div className="space-y-1.5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
              Claude Desktop (claude_desktop_config.json)
            </p>
            <CopyButton text={config} label="Copy config" />
          </div>
          <pre className={codeClass} data-testid="agent-claude-config">
            {config}
          </pre>
        </div>
        <Button variant="secondary" onClick={onDone}>
          I have copied it
        </Button>
      </div>
    </Card>
  );
}
