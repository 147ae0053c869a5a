/**
 * A real load balancer for the scale-out tests and benchmark: Debian's nginx on a loopback port in a
 * temp folder (one process, no daemon), round robin over the given backends with the deployment's
 * own configuration (src/server/deploy/nginx-studio.conf, the one the README shows).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exited, guardChild } from '../../processGuard';
import { freePort, listening } from './rtmpServer';

const NGINX = '/usr/sbin/nginx';
export const STUDIO_NGINX_CONF = fileURLToPath(new URL('../../deploy/nginx-studio.conf', import.meta.url));

/** The deployment's `http { }` configuration for these backends (`host:port` each) and this listen address. */
export function studioNginxConf(listen: string, backends: string[]): string {
  const template = readFileSync(STUDIO_NGINX_CONF, 'utf8');
  const line = /^ *server \{\{BACKEND_1\}\}(.*)$/m.exec(template)!;
  const servers = backends.map((b) => line[0].replace('{{BACKEND_1}}', b)).join('\n');
  return template.replace(/^ *server \{\{BACKEND_1\}\}.*\n *server \{\{BACKEND_2\}\}.*$/m, servers).replace('{{LISTEN}}', listen);
}

/**
 * `connections`: nginx's worker_connections. Each proxied socket holds two (the client's and the
 * backend's), so the audience benchmark's thousands of attendees need more than the tests' default.
 */
export async function startLoadBalancer(backends: string[], listenPort?: number, { connections = 1024 }: { connections?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'studio-lb-'));
  const port = listenPort ?? (await freePort());
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
master_process off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
worker_rlimit_nofile ${connections + 64};
events { worker_connections ${connections}; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
${studioNginxConf(`127.0.0.1:${port}`, backends)}
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: 'ignore' });
  guardChild(child, 'nginx');
  await listening(port);
  // Something holds the port; it must be this nginx, not a process that took the port first (nginx
  // then exits on its bind error, and the tests would talk to a stranger).
  await new Promise((r) => setTimeout(r, 200));
  if (child.exitCode !== null || child.signalCode !== null) {
    throw new Error(`nginx could not listen on ${port}: ${readFileSync(join(dir, 'error.log'), 'utf8').trim().split('\n').slice(-3).join(' | ')}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async close(): Promise<void> {
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited(child);
      clearTimeout(timer);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
export type LoadBalancer = Awaited<ReturnType<typeof startLoadBalancer>>;
