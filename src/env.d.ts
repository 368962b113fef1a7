// The build-time settings src/config.ts reads (README, "Configuration"); unset ones are undefined.
interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_PRODUCT_NAME?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_ANALYTICS_KEY?: string;
  readonly VITE_COMPANY_NAME?: string;
}
