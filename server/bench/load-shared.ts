// What the load generator (load.ts) and the server it loads (load-server.ts) agree on.
export const PUBLIC_URL = 'https://bench.forwardly.example';
export const PASSWORD = 'bench password 1';
