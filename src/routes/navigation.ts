/**
 * Navigation for code outside React components (the request client's 401 handling): the router
 * registers its navigate function here once it renders.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let current: Navigate = (to) => window.location.assign(to);

export function registerNavigator(navigate: Navigate): void {
  current = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}
