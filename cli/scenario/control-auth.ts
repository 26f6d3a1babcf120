/** FLEET_CONTROL_TOKEN, when the serve guards its control API with one (contract §4). */
export function controlHeaders(): Record<string, string> {
  const token = process.env.FLEET_CONTROL_TOKEN;
  return token ? { authorization: `Bearer ${token}` } : {};
}
