// The load balancer in front of the three instances: Debian's nginx, installed when missing, with
// plain round robin (no sticky sessions: clustered instances take WebSocket only) and the upstream
// each answer came from in `X-Upstream`, so the bench can count orders per instance.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function ensureNginx(): string {
  const found = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' });
  const bin = found.stdout.trim().split('\n')[0];
  if (found.status === 0 && bin) return bin;
  console.log('installing Debian nginx');
  const apt = (args: string[]) =>
    spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update', '-qq']);
  if (
    apt(['install', '-y', '-qq', 'nginx-light']).status !== 0 &&
    apt(['install', '-y', '-qq', 'nginx']).status !== 0
  )
    throw new Error('could not install nginx (apt-get install nginx)');
  return '/usr/sbin/nginx';
}

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

export async function startBalancer(o: {
  dir: string;
  port: number;
  upstreams: number[];
}): Promise<Balancer> {
  const bin = ensureNginx();
  mkdirSync(path.join(o.dir, 'tmp'), { recursive: true });
  const conf = path.join(o.dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
worker_rlimit_nofile 20000;
pid ${o.dir}/nginx.pid;
error_log ${o.dir}/error.log error;
events { worker_connections 10000; }
http {
  access_log off;
  client_body_temp_path ${o.dir}/tmp/body;
  proxy_temp_path ${o.dir}/tmp/proxy;
  fastcgi_temp_path ${o.dir}/tmp/fastcgi;
  uwsgi_temp_path ${o.dir}/tmp/uwsgi;
  scgi_temp_path ${o.dir}/tmp/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream nivesh {
${o.upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${o.port};
    location / {
      proxy_pass http://nivesh;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_read_timeout 300s;
      # A POST is not retried on another instance once sent (nginx's default): the client retries
      # it with the same clientOrderId, which the server answers once.
      proxy_next_upstream error timeout;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const proc: ChildProcess = spawn(bin, ['-c', conf, '-p', o.dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${o.port}`;
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error(`nginx exited with ${proc.exitCode}`);
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch {
      if (i > 100) throw new Error('nginx did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode !== null ? r(null) : proc.once('exit', r)));
    },
  };
}
