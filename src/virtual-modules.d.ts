/** Modules the build makes (vite.config.ts `builtByScript`). */
declare module 'virtual:antd-map-token' {
  const shipped: import('./settings/shipped-map-token.ts').ShippedMapToken | undefined;
  export default shipped;
}
