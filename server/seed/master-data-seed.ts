import type { EntityRegistry } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { userByAccount } from '../auth/sessions.ts';
import { EntityService } from '../entities/service.ts';
import type { Lab, LabContact, Protocol, ReviewConclusion, SgsService, TableDemo } from '../../types/generated/index.ts';

/** Demo master data (typed by the schemas' generated types: a seed that drifts from its schema fails the typecheck). */
const LABS: (Lab & { contacts: Omit<LabContact, 'labId'>[] })[] = [
  { name: 'SGS 上海纺织品实验室', code: 'SH-TX', address: '上海市徐汇区宜山路 889 号 889 Yishan Road, Xuhui, Shanghai', city: '上海 Shanghai', contactEmail: 'sh.textile@lab.demo.portico.dev', phone: '021-61402666', contacts: [{ name: '陈工 Chen', email: 'chen@lab.demo.portico.dev', phone: '021-61402601', position: '实验室经理 Lab manager' }] },
  { name: 'SGS 广州玩具实验室', code: 'GZ-TOY', address: '广州市黄埔区科学城科珠路 198 号 198 Kezhu Road, Guangzhou', city: '广州 Guangzhou', contactEmail: 'gz.toys@lab.demo.portico.dev', phone: '020-82155555', contacts: [{ name: '李工 Li', email: 'li@lab.demo.portico.dev', position: '客户服务 Customer service' }] },
  { name: 'SGS 深圳鞋类实验室', code: 'SZ-FW', address: '深圳市南山区高新南一道 8 号 8 Gaoxin South 1st Road, Shenzhen', city: '深圳 Shenzhen', contactEmail: 'sz.footwear@lab.demo.portico.dev', contacts: [] },
];

/** A tree of test packages: parent first, children by the parent's code. */
const PACKAGES: { code: string; name: string; parent?: string; productLine?: string }[] = [
  { code: 'PKG-TX', name: '纺织品常规套餐 Textile routine', productLine: 'Softlines' },
  { code: 'PKG-TX-PHY', name: '物理性能 Physical', parent: 'PKG-TX', productLine: 'Softlines' },
  { code: 'PKG-TX-PHY-CF', name: '色牢度 Colour fastness', parent: 'PKG-TX-PHY', productLine: 'Softlines' },
  { code: 'PKG-TX-CHEM', name: '化学测试 Chemical', parent: 'PKG-TX', productLine: 'Softlines' },
  { code: 'PKG-TOY', name: '玩具安全 Toy safety', productLine: 'Hardlines' },
  { code: 'PKG-TOY-EN71', name: 'EN 71 欧盟玩具 EN 71', parent: 'PKG-TOY', productLine: 'Hardlines' },
];

const CONCLUSIONS: ReviewConclusion[] = [
  { code: 'ACCEPT', description: '接受 Accepted' },
  { code: 'ACCEPT-COND', description: '有条件接受 Accepted with conditions' },
  { code: 'REJECT', description: '拒收 Rejected' },
  { code: 'RETEST', description: '需重测 Retest required' },
];

const SERVICES: SgsService[] = [
  { title: '消费品测试 Consumer product testing', url: 'https://www.sgs.com/en/services/consumer-products-testing', description: '纺织品、玩具、鞋类等 Textiles, toys, footwear and more', sort: 10 },
  { title: '验货服务 Inspection', url: 'https://www.sgsonsite.com/en', description: '出货前检验 Pre-shipment inspection', sort: 20 },
  { title: '供应链透明度 Supply chain transparency', url: 'https://www.transparency-one.com/', sort: 30 },
];

const PROTOCOLS: Protocol[] = [
  { protocolNo: 'P-TX-001', name: '针织服装常规测试规程 Knitwear routine protocol', version: '3.0', productCategory: '纺织品 Textiles', effectiveDate: '2026-01-01', description: '色牢度、尺寸稳定性、纤维成分 Colour fastness, dimensional stability, fibre content' },
  { protocolNo: 'P-TOY-002', name: '儿童玩具安全规程 Children toy safety protocol', version: '2.1', productCategory: '玩具 Toys', effectiveDate: '2025-09-01' },
  { protocolNo: 'P-FW-003', name: '鞋类物理测试规程 Footwear physical protocol', version: '1.4', productCategory: '鞋类 Footwear', effectiveDate: '2025-03-15' },
];

const DEMO_ROWS: TableDemo[] = [
  { name: '针织上衣 Knitted top', category: 'textile', quantity: 120, receivedOn: '2026-10-08', urgent: false },
  { name: '毛绒熊 Plush bear', category: 'toy', quantity: 36, receivedOn: '2026-10-21', urgent: true },
  { name: '饼干 Biscuits', category: 'food', quantity: 500, receivedOn: '2026-11-02', urgent: false },
  { name: '牛仔裤 Denim jeans', category: 'textile', quantity: 80, receivedOn: '2026-11-10' },
];

/** Labs with their contacts, a test package tree, review conclusions, SGS services, protocols and the table demo's rows, made by staff through the API's service. */
/** Demo BI reports (schemas/powerbiReport/): one for the demo buyers, one for two suppliers, one for staff only. */
const BI_REPORTS = [
  { name: 'Supplier scorecard — Demo Buyer', embedUrl: 'https://app.powerbi.com/view?r=portico-demo-supplier-scorecard', productLine: 'SL', companyIds: ['c-buyer', 'c-buyer2'], sort: 10, description: 'Pass rates and failing tests of the buyer\'s suppliers.' },
  { name: 'Test turnaround — Demo Supplier', embedUrl: 'https://app.powerbi.com/view?r=portico-demo-turnaround', productLine: 'SL', companyIds: ['c-supplier', 'c-sup-jinxiu'], sort: 20 },
  { name: 'Laboratory workload', embedUrl: 'https://app.powerbi.com/view?r=portico-demo-lab-workload', productLine: 'HL', sort: 30 },
];

export async function seedMasterData(db: Database, registry: EntityRegistry): Promise<void> {
  const staff = await userByAccount(db, 'staff');
  if (!staff || !registry.has('lab')) return;
  const service = new EntityService(db, undefined, registry);
  const make = (entity: string, doc: object) => service.create(registry.get(entity), { doc }, staff, 'zh-CN');
  for (const { contacts, ...lab } of LABS) {
    const made = await make('lab', lab);
    for (const c of contacts) await make('labContact', { ...c, labId: made.id });
  }
  const packageIds = new Map<string, string>();
  for (const { parent, ...p } of PACKAGES) {
    const parentId = parent ? packageIds.get(parent) : undefined;
    packageIds.set(p.code, (await make('testPackage', { ...p, ...(parentId ? { parentId } : {}) })).id);
  }
  for (const c of CONCLUSIONS) await make('reviewConclusion', c);
  for (const s of SERVICES) await make('sgsService', s);
  for (const p of PROTOCOLS) await make('protocol', p);
  for (const r of DEMO_ROWS) await make('tableDemo', r);
  if (registry.has('powerbiReport')) for (const r of BI_REPORTS) await make('powerbiReport', r);
}
