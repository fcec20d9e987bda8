// The network lab: a small Internet, three home networks behind NATs, and
// the servers a real deployment has, all in Linux network namespaces that
// this module makes and removes itself (as root). Nothing here touches the
// machine's own network namespace: every interface, address, route and
// iptables rule lives inside a namespace named `kh-…`, created here.
//
//   kh-inet   "the Internet", 203.0.113.0/24 on a bridge: 203.0.113.1 is the
//             server (nginx with TLS serving dist/ and proxying /signal/ to
//             matchbox_server on the namespace's own 127.0.0.1:3536; coturn,
//             STUN and TURN on 3478), 203.0.113.2 coturn's second address
//             (RFC 5780's "other address", for NAT discovery)
//   kh-ra     LAN A's router, 203.0.113.10: port-restricted cone NAT
//             (plain MASQUERADE: one mapping for all destinations)
//   kh-rb     LAN B's router, 203.0.113.20: symmetric NAT (MASQUERADE
//             --random-fully: a new random port for each destination)
//   kh-rc     LAN C's router, 203.0.113.30: port-restricted cone NAT
//   kh-a, kh-b, kh-c   one machine on each LAN, 10.1.0.2, 10.2.0.2, 10.3.0.2
//
// Each router drops every new connection coming in from the Internet (what
// a home router does), keeps the ones its LAN opened, and has no default
// route: the lab's packets go nowhere but the lab.
//
// `node lab.mjs check` says whether the lab can be made here (exit 0, or
// the reason and exit 3); `node lab.mjs up` builds it and waits for Ctrl-C;
// `node lab.mjs down` removes a lab left behind.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export const SERVER = '203.0.113.1';
export const SERVER_ALT = '203.0.113.2';
export const ORIGIN = `https://${SERVER}`;

/** The three LANs: their router's Internet address, their prefix, their NAT. */
export const LANS = {
  a: { router: '203.0.113.10', prefix: '10.1.0', nat: 'cone' },
  b: { router: '203.0.113.20', prefix: '10.2.0', nat: 'symmetric' },
  c: { router: '203.0.113.30', prefix: '10.3.0', nat: 'cone' },
};

/** coturn's long-term credential (lab only). */
export const TURN = { user: 'kharbga', password: 'lab-turn-password', realm: 'lab.kharbga.test' };

/** What a player types under "Connection settings" in the lab. */
export const SETTINGS = {
  server: `wss://${SERVER}/signal`,
  ice: `stun:${SERVER}:3478 turn:${SERVER}:3478`,
  username: TURN.user,
  credential: TURN.password,
};

const NAMESPACES = ['kh-inet', 'kh-ra', 'kh-rb', 'kh-rc', 'kh-a', 'kh-b', 'kh-c'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function run(cmd, args, options = {}) {
  if (process.env.LAB_DEBUG) console.log(new Date().toISOString(), cmd, args.join(' '));
  return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 10_000, ...options });
}
const ip = (...args) => run('ip', args);
/** Runs a command inside namespace `ns`. */
export const inNs = (ns, cmd, ...args) => run('ip', ['netns', 'exec', ns, cmd, ...args]);

/** Why the lab cannot be made here, or null when it can. */
export function whyNot() {
  if (process.platform !== 'linux') return 'network namespaces need Linux';
  if (typeof process.getuid === 'function' && process.getuid() !== 0) return 'it needs root (network namespaces, iptables)';
  for (const [tool, pkg] of [['ip', 'iproute2'], ['iptables', 'iptables'], ['turnserver', 'coturn'],
    ['turnutils_natdiscovery', 'coturn'], ['nginx', 'nginx-light'], ['openssl', 'openssl'],
    ['curl', 'curl'], ['matchbox_server', 'matchbox_server (make matchbox)']]) {
    try { run('sh', ['-c', `command -v ${tool}`]); } catch { return `${tool} is missing (${pkg})`; }
  }
  const probe = `kh-probe-${process.pid}`;
  try {
    ip('netns', 'add', probe);
  } catch (error) {
    return `'ip netns add' failed: ${String(error.stderr || error.message).trim()}`;
  }
  try {
    inNs(probe, 'iptables', '-t', 'nat', '-A', 'POSTROUTING', '-o', 'lo', '-j', 'MASQUERADE', '--random-fully');
  } catch (error) {
    return `iptables NAT does not work in a namespace: ${String(error.stderr || error.message).trim()}`;
  } finally {
    try { ip('netns', 'del', probe); } catch { /* gone */ }
  }
  return null;
}

/** The lab's namespaces that exist now (also a probe's left behind). */
function labNamespaces() {
  return ip('netns', 'list').split('\n').map((l) => l.split(' ')[0]).filter((n) => n.startsWith('kh-'));
}

/** Removes every `kh-` namespace, ending the processes a lab started in them. */
export function removeAll() {
  const names = labNamespaces();
  for (const signal of ['SIGTERM', 'SIGKILL']) {
    let left = 0;
    for (const ns of names) {
      let pids = [];
      try { pids = ip('netns', 'pids', ns).split('\n').filter(Boolean).map(Number); } catch { /* gone */ }
      for (const pid of pids) {
        try { process.kill(pid, signal); left++; } catch { /* already gone */ }
      }
    }
    if (!left) break;
    const until = Date.now() + 3000;
    while (Date.now() < until && names.some((ns) => { try { return ip('netns', 'pids', ns).trim(); } catch { return false; } })) {
      execFileSync('sleep', ['0.05']);
    }
  }
  for (const ns of names) {
    try { ip('netns', 'del', ns); } catch { /* already gone */ }
  }
}

/** Builds the namespaces, links, addresses, routes and NAT rules. */
function buildNetwork() {
  for (const ns of NAMESPACES) {
    ip('netns', 'add', ns);
    inNs(ns, 'ip', 'link', 'set', 'lo', 'up');
    // IPv4 only: no link-local IPv6 candidates to muddle ICE.
    inNs(ns, 'sysctl', '-q', '-w', 'net.ipv6.conf.all.disable_ipv6=1');
    inNs(ns, 'sysctl', '-q', '-w', 'net.ipv6.conf.default.disable_ipv6=1');
  }
  // The Internet: a bridge with the server's two addresses.
  inNs('kh-inet', 'ip', 'link', 'add', 'br0', 'type', 'bridge');
  inNs('kh-inet', 'ip', 'addr', 'add', `${SERVER}/24`, 'dev', 'br0');
  inNs('kh-inet', 'ip', 'addr', 'add', `${SERVER_ALT}/24`, 'dev', 'br0');
  inNs('kh-inet', 'ip', 'link', 'set', 'br0', 'up');
  for (const [name, lan] of Object.entries(LANS)) {
    const router = `kh-r${name}`;
    const host = `kh-${name}`;
    // Each veth pair is made inside a lab namespace, its other end moved
    // straight into another: neither end is ever in the machine's own.
    inNs('kh-inet', 'ip', 'link', 'add', `r${name}`, 'type', 'veth', 'peer', 'name', 'wan', 'netns', router);
    inNs('kh-inet', 'ip', 'link', 'set', `r${name}`, 'master', 'br0', 'up');
    inNs(router, 'ip', 'link', 'add', 'lan', 'type', 'veth', 'peer', 'name', 'eth0', 'netns', host);
    inNs(router, 'ip', 'addr', 'add', `${lan.router}/24`, 'dev', 'wan');
    inNs(router, 'ip', 'addr', 'add', `${lan.prefix}.1/24`, 'dev', 'lan');
    inNs(router, 'ip', 'link', 'set', 'wan', 'up');
    inNs(router, 'ip', 'link', 'set', 'lan', 'up');
    inNs(router, 'sysctl', '-q', '-w', 'net.ipv4.ip_forward=1');
    const nat = ['-t', 'nat', '-A', 'POSTROUTING', '-o', 'wan', '-j', 'MASQUERADE'];
    inNs(router, 'iptables', ...nat, ...(lan.nat === 'symmetric' ? ['--random-fully'] : []));
    // What the LAN opened comes back; nothing new comes in.
    for (const chain of ['FORWARD', 'INPUT']) {
      inNs(router, 'iptables', '-A', chain, '-i', 'wan', '-m', 'conntrack', '--ctstate', 'ESTABLISHED,RELATED', '-j', 'ACCEPT');
      inNs(router, 'iptables', '-A', chain, '-i', 'wan', '-j', 'DROP');
    }
    inNs(host, 'ip', 'addr', 'add', `${lan.prefix}.2/24`, 'dev', 'eth0');
    inNs(host, 'ip', 'link', 'set', 'eth0', 'up');
    inNs(host, 'ip', 'route', 'add', 'default', 'via', `${lan.prefix}.1`);
  }
}

/** A CA made for this run, and a certificate for the server's address. */
function makeCertificates(dir) {
  const o = (...args) => run('openssl', args, { cwd: dir });
  o('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=Kharbga network lab CA', '-keyout', 'ca.key', '-out', 'ca.pem',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  o('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-subj', `/CN=${SERVER}`,
    '-keyout', 'server.key', '-out', 'server.csr');
  writeFileSync(join(dir, 'server.ext'),
    `subjectAltName=IP:${SERVER}\nextendedKeyUsage=serverAuth\nkeyUsage=critical,digitalSignature\nbasicConstraints=CA:FALSE\n`);
  o('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2',
    '-extfile', 'server.ext', '-out', 'server.pem');
  writeFileSync(join(dir, 'chain.pem'), readFileSync(join(dir, 'server.pem'), 'utf8') + readFileSync(join(dir, 'ca.pem'), 'utf8'));
  // The base64 SHA-256 of the CA's public key, for Chromium's
  // --ignore-certificate-errors-spki-list.
  const der = execFileSync('sh', ['-c', 'openssl x509 -in ca.pem -pubkey -noout | openssl pkey -pubin -outform der'], { cwd: dir });
  return execFileSync('openssl', ['dgst', '-sha256', '-binary'], { input: der }).toString('base64');
}

function nginxConfig(dir, dist) {
  return `
user root;
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  server {
    listen ${SERVER}:443 ssl;
    ssl_certificate ${dir}/chain.pem;
    ssl_certificate_key ${dir}/server.key;
    root ${dist};
    add_header Cache-Control no-store;
    location / { try_files $uri /index.html; }
    # The signalling server, under a path: wss://${SERVER}/signal/kharbga-<code>.
    location /signal/ {
      proxy_pass http://127.0.0.1:3536/;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
      proxy_read_timeout 3600s;
    }
  }
}
`;
}

function coturnConfig(dir) {
  return `
listening-ip=${SERVER}
listening-ip=${SERVER_ALT}
listening-port=3478
relay-ip=${SERVER}
min-port=49160
max-port=49460
fingerprint
lt-cred-mech
user=${TURN.user}:${TURN.password}
realm=${TURN.realm}
no-tls
no-dtls
no-cli
no-multicast-peers
userdb=${dir}/turndb
pidfile=${dir}/turnserver.pid
log-file=${dir}/turnserver.log
simple-log
no-stdout-log
`;
}

/** Waits until `check()` is true (every 50 ms, at most `ms`). */
async function until(what, check, ms = 15_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try { if (check()) return; } catch { /* not yet */ }
    await sleep(50);
  }
  throw new Error(`network lab: ${what} did not start`);
}

/**
 * Builds the lab and starts its servers; resolves with `{ dir, spki, down }`.
 * `down()` stops the servers and removes every namespace (also called on
 * exit, Ctrl-C and SIGTERM).
 */
export async function up({ dist = resolve(here, '../../../dist'), quiet = false } = {}) {
  const reason = whyNot();
  if (reason) throw new Error(`network lab cannot be made: ${reason}`);
  if (!existsSync(join(dist, 'online.html'))) throw new Error(`network lab: no build in ${dist} (make release)`);
  removeAll();
  const dir = mkdtempSync(join(tmpdir(), 'kharbga-lab-'));
  const children = [];
  let done = false;
  // Synchronous, for exit and signals: the servers are told to stop and
  // the namespaces removed (what is still running in them is ended).
  const downNow = () => {
    if (done) return;
    done = true;
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        try { child.kill('SIGTERM'); } catch { /* gone */ }
      }
    }
    removeAll();
    rmSync(dir, { recursive: true, force: true });
  };
  // The same, waiting for each server to exit first.
  const down = async () => {
    if (done) return;
    await Promise.all(children.map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return null;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      return Promise.race([exited, sleep(3000)]);
    }));
    downNow();
    process.off('exit', downNow);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  const onSignal = (signal) => { downNow(); process.exit(signal === 'SIGINT' ? 130 : 143); };
  process.once('exit', downNow);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const started = Date.now();
  try {
    buildNetwork();
    const spki = makeCertificates(dir);
    writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, resolve(dist)));
    writeFileSync(join(dir, 'turnserver.conf'), coturnConfig(dir));
    const start = (name, cmd, args, env = {}) => {
      const log = openSync(join(dir, `${name}.out`), 'a');
      const child = spawn('ip', ['netns', 'exec', 'kh-inet', cmd, ...args],
        { stdio: ['ignore', log, log], env: { ...process.env, ...env } });
      children.push(child);
      return child;
    };
    start('matchbox', 'matchbox_server', [], { HOST: '127.0.0.1:3536', RUST_LOG: 'warn' });
    start('nginx', 'nginx', ['-c', join(dir, 'nginx.conf')]);
    start('coturn', 'turnserver', ['-c', join(dir, 'turnserver.conf')]);
    await until('matchbox_server', () => { inNs('kh-inet', 'curl', '-sf', 'http://127.0.0.1:3536/health'); return true; });
    // The signalling server through nginx, seen from LAN A, TLS checked against the lab's CA.
    await until('nginx', () => {
      inNs('kh-a', 'curl', '-sf', '--max-time', '2', '--cacert', join(dir, 'ca.pem'), `${ORIGIN}/signal/health`);
      return true;
    });
    // STUN answered on the Internet side (behind a NAT the client's RFC
    // 5780 steps would wait for answers the router drops).
    await until('coturn', () => /reflexive addr/i.test(run('timeout', ['2', 'ip', 'netns', 'exec', 'kh-inet', 'turnutils_stunclient', SERVER])));
    if (!quiet) console.log(`network lab up in ${Date.now() - started} ms (${dir})`);
    return { dir, spki, down };
  } catch (error) {
    for (const f of ['matchbox.out', 'nginx.out', 'nginx-error.log', 'coturn.out', 'turnserver.log']) {
      if (existsSync(join(dir, f))) console.log(`--- ${f}\n${readFileSync(join(dir, f), 'utf8').slice(-2000)}`);
    }
    await down();
    throw error;
  }
}

/** The machine of LAN A takes the address `.to` of its LAN, its old one
 * `.from` gone, and the default route with it (a phone that changed
 * networks: its old connections die with the old address). */
export function renumberMachine(from, to) {
  // (Deleting the first address of a subnet deletes the others with it:
  // the old one goes first, as when a phone leaves a network.)
  inNs('kh-a', 'ip', 'addr', 'del', `${LANS.a.prefix}.${from}/24`, 'dev', 'eth0');
  inNs('kh-a', 'ip', 'addr', 'add', `${LANS.a.prefix}.${to}/24`, 'dev', 'eth0');
  inNs('kh-a', 'ip', 'route', 'replace', 'default', 'via', `${LANS.a.prefix}.1`);
}

/** LAN A's router takes the outside address `to` in place of `from` (its
 * NAT's mappings go with the old one; the machines behind see nothing). */
export function renumberRouter(from, to) {
  // (The old one first: deleting a primary address deletes the others.)
  inNs('kh-ra', 'ip', 'addr', 'del', `${from}/24`, 'dev', 'wan');
  inNs('kh-ra', 'ip', 'addr', 'add', `${to}/24`, 'dev', 'wan');
}

/** Chromium's flags in the lab: headless as elsewhere, the lab's CA trusted. */
export function chromiumArgs(spki) {
  return ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run', `--ignore-certificate-errors-spki-list=${spki}`];
}

/** Launches Debian's Chromium inside namespace `ns` (through `ip netns
 * exec`: Playwright's pipe survives the exec). */
export async function launchIn(chromium, lab, ns) {
  const wrapper = join(lab.dir, `chromium-${ns}`);
  writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${ns} /usr/bin/chromium "$@"\n`);
  chmodSync(wrapper, 0o755);
  return chromium.launch({ executablePath: wrapper, args: chromiumArgs(lab.spki) });
}

/** coturn's NAT discovery from namespace `ns` (about 6 s: it waits for
 * answers the router drops): `{ mapping, filtering, text }`. */
export async function natDiscovery(ns) {
  const text = await new Promise((resolve, reject) => {
    execFile('ip', ['netns', 'exec', ns, 'turnutils_natdiscovery', '-m', '-f', SERVER], { timeout: 30_000 },
      (error, stdout, stderr) => (error ? reject(error) : resolve(stdout + stderr)));
  });
  const mapping = /NAT with (.*? Mapping)/.exec(text)?.[1] ?? null;
  const filtering = /NAT with (.*? Filtering)/.exec(text)?.[1] ?? null;
  return { mapping, filtering, text };
}

// ---- By hand -----------------------------------------------------------------

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'check') {
    const reason = whyNot();
    if (reason) { console.log(reason); process.exit(3); }
  } else if (command === 'down') {
    removeAll();
  } else if (command === 'up') {
    const lab = await up();
    for (const ns of ['kh-a', 'kh-b', 'kh-c']) {
      const { mapping, filtering } = await natDiscovery(ns);
      console.log(`${ns}: ${mapping}; ${filtering}`);
    }
    console.log('Ctrl-C removes the lab');
    setInterval(() => {}, 1 << 30);
    void lab;
  } else {
    console.log('usage: node lab.mjs check|up|down');
    process.exit(2);
  }
}
