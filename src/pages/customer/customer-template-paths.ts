/** Where the customer template pages live (SPEC §2: /customer/template/material, /product, /templateDetail). */
export const CUSTOMER_TEMPLATE_PATHS = {
  material: '/customer/template/material',
  product: '/customer/template/product',
  detail: '/customer/template/templateDetail',
} as const;

export const templateDetailPath = (code: string) => `${CUSTOMER_TEMPLATE_PATHS.detail}?code=${encodeURIComponent(code)}`;
