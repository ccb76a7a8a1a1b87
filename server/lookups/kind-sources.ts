/** The lookup sources naming the records of every published template of a kind (a TRF sample's material or product). */
export const KIND_SOURCES: Readonly<Record<string, 'material' | 'product'>> = { materials: 'material', products: 'product' };
