import type { SetupServer } from 'msw/node';

/**
 * Every request msw sees while `act` runs, as `METHOD URL`: the API's calls to the simulated
 * platforms' fake hosts (platform-network.ts), and msw's forwards of them to the simulators.
 */
export async function requestsDuring(server: SetupServer, act: () => Promise<unknown>): Promise<string[]> {
  const urls: string[] = [];
  const listener = ({ request }: { request: Request }) => void urls.push(`${request.method} ${request.url}`);
  server.events.on('request:start', listener);
  try {
    await act();
  } finally {
    server.events.removeListener('request:start', listener);
  }
  return urls;
}
