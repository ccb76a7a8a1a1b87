import { usccCheckCharacter } from '../../engine/index.ts';
import type { Company, Relationship } from '../../types/generated/index.ts';

/** A unified social credit code from its first 17 characters (the check character computed: GB 32100-2015). */
const uscc = (first17: string): string => `${first17}${usccCheckCharacter(first17) ?? ''}`;

/** Marks an account's role (schemas/_access/roles.json: UserRole); third-party labs apply for tests. */
const ROLE_OF = { buyer: 'Buyer', supplier: 'Supplier', manufacturer: 'Manufacturer', factory: 'Manufacturer', agent: 'Agent', thirdPartyLab: 'Applicant' } as const;

export interface DemoNetworkCompany {
  id: string;
  /** A company the accounts seed already made (its record gets these details and a customer admin). */
  existing?: boolean;
  kind: keyof typeof ROLE_OF;
  doc: Company;
  /** Account names: the first is the customer admin. */
  accounts: readonly { account: string; userName: string }[];
}

const address = (city: string, street: string, postcode: string): NonNullable<Company['addresses']> => [{ kind: 'registered', address: street, city, country: '中国 China', postcode }];

/**
 * The demo supply chain (issue 14): 2 buyers, 6 suppliers in tiers 1 and 2, their manufacturers
 * and factories, agents and 2 third-party labs, each company with its customer admin and accounts
 * (README's demo accounts table), and the relationships between them, accepted (`active`).
 */
export const DEMO_NETWORK: readonly DemoNetworkCompany[] = [
  { id: 'c-buyer', existing: true, kind: 'buyer', doc: { name: '演示买家有限公司', nameEn: 'Demo Buyer Co., Ltd.', customerNo: 'CN-B-0001', roles: ['buyer'], taxNo: uscc('91310000MA1FL3B01'), productCategory: 'textiles', addresses: address('上海 Shanghai', '浦东新区世纪大道 100 号', '200120') }, accounts: [{ account: 'buyer.admin', userName: '王总监' }] },
  { id: 'c-buyer2', kind: 'buyer', doc: { name: '华彩服饰零售有限公司', nameEn: 'Huacai Apparel Retail Co., Ltd.', customerNo: 'CN-B-0002', roles: ['buyer'], taxNo: uscc('91440300MA5DB0002'), productCategory: 'footwear', addresses: address('深圳 Shenzhen', '南山区科技园南路 8 号', '518057') }, accounts: [{ account: 'huacai.admin', userName: '陈经理' }, { account: 'huacai.buyer', userName: '林采购' }] },
  { id: 'c-supplier', existing: true, kind: 'supplier', doc: { name: '演示供应商有限公司', nameEn: 'Demo Supplier Co., Ltd.', customerNo: 'CN-S-0001', roles: ['supplier'], taxNo: uscc('91320500MA1T00001'), productCategory: 'textiles', addresses: address('苏州 Suzhou', '工业园区星湖街 328 号', '215123') }, accounts: [{ account: 'supplier.admin', userName: '李经理' }] },
  { id: 'c-sup-jinxiu', kind: 'supplier', doc: { name: '锦绣纺织有限公司', nameEn: 'Jinxiu Textiles Co., Ltd.', customerNo: 'CN-S-0002', roles: ['supplier'], taxNo: uscc('91330600MA2JX0002'), productCategory: 'textiles', addresses: address('绍兴 Shaoxing', '柯桥区纺织大道 66 号', '312030') }, accounts: [{ account: 'jinxiu.admin', userName: '周厂长' }, { account: 'jinxiu.qa', userName: '吴质检' }] },
  { id: 'c-sup-bubu', kind: 'supplier', doc: { name: '步步鞋业有限公司', nameEn: 'Bubu Footwear Co., Ltd.', customerNo: 'CN-S-0003', roles: ['supplier'], taxNo: uscc('91350500MA3BB0003'), productCategory: 'footwear', addresses: address('泉州 Quanzhou', '晋江市陈埭镇鞋都路 18 号', '362211') }, accounts: [{ account: 'bubu.admin', userName: '郑经理' }, { account: 'bubu.sales', userName: '何业务' }] },
  { id: 'c-sup-lehe', kind: 'supplier', doc: { name: '乐禾玩具有限公司', nameEn: 'Lehe Toys Co., Ltd.', customerNo: 'CN-S-0004', roles: ['supplier'], taxNo: uscc('91440500MA4LH0004'), productCategory: 'toys', addresses: address('汕头 Shantou', '澄海区玩具城大道 9 号', '515800') }, accounts: [{ account: 'lehe.admin', userName: '黄经理' }] },
  { id: 'c-sup-mianyuan', kind: 'supplier', doc: { name: '棉源纱线有限公司', nameEn: 'Mianyuan Yarn Co., Ltd.', customerNo: 'CN-S-0005', roles: ['supplier'], taxNo: uscc('91370200MA5MY0005'), productCategory: 'textiles', addresses: address('青岛 Qingdao', '即墨区纺织路 21 号', '266200') }, accounts: [{ account: 'mianyuan.admin', userName: '孙经理' }] },
  { id: 'c-sup-jiaxin', kind: 'supplier', doc: { name: '嘉信辅料有限公司', nameEn: 'Jiaxin Trims Co., Ltd.', customerNo: 'CN-S-0006', roles: ['supplier'], taxNo: uscc('91330400MA6JX0006'), productCategory: 'other', addresses: address('嘉兴 Jiaxing', '南湖区辅料街 5 号', '314000') }, accounts: [{ account: 'jiaxin.admin', userName: '马经理' }] },
  { id: 'c-manufacturer', existing: true, kind: 'manufacturer', doc: { name: '演示制造有限公司', nameEn: 'Demo Manufacturer Co., Ltd.', customerNo: 'CN-M-0001', roles: ['manufacturer'], taxNo: uscc('91320200MA1M00001'), productCategory: 'textiles', addresses: address('无锡 Wuxi', '新吴区长江路 12 号', '214028') }, accounts: [{ account: 'manufacturer.admin', userName: '钱厂长' }] },
  { id: 'c-mfr-hongda', kind: 'manufacturer', doc: { name: '宏达鞋材制造有限公司', nameEn: 'Hongda Shoe Materials Manufacturing Co., Ltd.', customerNo: 'CN-M-0002', roles: ['manufacturer'], taxNo: uscc('91350500MA7HD0007'), productCategory: 'footwear', addresses: address('泉州 Quanzhou', '晋江市安海镇工业区 3 号', '362261') }, accounts: [{ account: 'hongda.admin', userName: '许厂长' }] },
  { id: 'c-fac-dongguan', kind: 'factory', doc: { name: '东莞精工制衣厂', nameEn: 'Dongguan Jinggong Garment Factory', customerNo: 'CN-F-0001', roles: ['factory'], taxNo: uscc('91441900MA8DG0008'), productCategory: 'textiles', addresses: address('东莞 Dongguan', '虎门镇服装工业园 7 号', '523900') }, accounts: [{ account: 'jinggong.admin', userName: '罗厂长' }, { account: 'jinggong.line', userName: '谢主管' }] },
  { id: 'c-fac-yiwu', kind: 'factory', doc: { name: '义乌童趣玩具厂', nameEn: 'Yiwu Tongqu Toy Factory', customerNo: 'CN-F-0002', roles: ['factory'], taxNo: uscc('91330782MA9YW0009'), productCategory: 'toys', addresses: address('义乌 Yiwu', '北苑街道工业区 16 号', '322000') }, accounts: [{ account: 'tongqu.admin', userName: '冯厂长' }] },
  { id: 'c-agent', existing: true, kind: 'agent', doc: { name: '演示代理有限公司', nameEn: 'Demo Agent Co., Ltd.', customerNo: 'CN-A-0001', roles: ['agent'], taxNo: uscc('91310100MA1A00001'), addresses: address('上海 Shanghai', '黄浦区中山东一路 18 号', '200002') }, accounts: [{ account: 'agent.admin', userName: '赵总' }] },
  { id: 'c-agt-haitong', kind: 'agent', doc: { name: '海通采购代理有限公司', nameEn: 'Haitong Sourcing Agency Ltd.', customerNo: 'CN-A-0002', roles: ['agent'], taxNo: uscc('91440101MAAHT0010'), addresses: address('广州 Guangzhou', '天河区珠江新城华夏路 30 号', '510623') }, accounts: [{ account: 'haitong.admin', userName: '邓经理' }, { account: 'haitong.merch', userName: '曾跟单' }] },
  { id: 'c-lab-huace', kind: 'thirdPartyLab', doc: { name: '华测第三方检测实验室', nameEn: 'Huace Third-party Testing Laboratory', customerNo: 'CN-L-0001', roles: ['thirdPartyLab'], taxNo: uscc('91440300MABHC0011'), addresses: address('深圳 Shenzhen', '宝安区兴华路 4 号', '518101'), contacts: [{ name: '彭工', email: 'peng@huace.demo.portico.dev', phone: '0755-26000001', position: '实验室经理 Lab manager' }] }, accounts: [{ account: 'huace.admin', userName: '彭工' }] },
  { id: 'c-lab-zhongjian', kind: 'thirdPartyLab', doc: { name: '中检华东检测中心', nameEn: 'Zhongjian East China Testing Centre', customerNo: 'CN-L-0002', roles: ['thirdPartyLab'], taxNo: uscc('91320100MACGJ0012'), addresses: address('南京 Nanjing', '江宁区科学园 2 号', '211100'), contacts: [{ name: '蒋工', email: 'jiang@zhongjian.demo.portico.dev', phone: '025-52000002', position: '客户经理 Account manager' }, { name: '韩工', email: 'han@zhongjian.demo.portico.dev' }] }, accounts: [{ account: 'zhongjian.admin', userName: '蒋工' }] },
];

/** Who invites whom (the inviter's customer admin; the invited company's admin accepts). */
export const DEMO_RELATIONSHIPS: readonly { from: string; to: string; terms: Omit<Relationship, 'counterpart'> }[] = [
  { from: 'c-buyer', to: 'c-supplier', terms: { kind: 'supplier', tier: 1, supplierCode: 'DB-S001', productCategory: 'textiles' } },
  { from: 'c-buyer', to: 'c-sup-jinxiu', terms: { kind: 'supplier', tier: 1, supplierCode: 'DB-S002', productCategory: 'textiles' } },
  { from: 'c-buyer', to: 'c-sup-lehe', terms: { kind: 'supplier', tier: 1, supplierCode: 'DB-S003', productCategory: 'toys' } },
  { from: 'c-buyer2', to: 'c-sup-bubu', terms: { kind: 'supplier', tier: 1, supplierCode: 'HC-001', productCategory: 'footwear' } },
  { from: 'c-buyer2', to: 'c-sup-jinxiu', terms: { kind: 'supplier', tier: 1, supplierCode: 'HC-002', productCategory: 'textiles' } },
  { from: 'c-sup-jinxiu', to: 'c-sup-mianyuan', terms: { kind: 'supplier', tier: 2, supplierCode: 'JX-Y01' } },
  { from: 'c-supplier', to: 'c-sup-jiaxin', terms: { kind: 'supplier', tier: 2, supplierCode: 'DS-T01' } },
  { from: 'c-supplier', to: 'c-manufacturer', terms: { kind: 'manufacturer' } },
  { from: 'c-sup-jinxiu', to: 'c-fac-dongguan', terms: { kind: 'factory' } },
  { from: 'c-sup-bubu', to: 'c-mfr-hongda', terms: { kind: 'manufacturer' } },
  { from: 'c-sup-lehe', to: 'c-fac-yiwu', terms: { kind: 'factory' } },
  { from: 'c-buyer', to: 'c-agent', terms: { kind: 'agent' } },
  { from: 'c-buyer2', to: 'c-agt-haitong', terms: { kind: 'agent' } },
];

export const roleOf = (kind: DemoNetworkCompany['kind']): string => ROLE_OF[kind];
