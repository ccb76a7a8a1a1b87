/** Demo companies, one per role of SPEC §6, plus the lab. */
export const DEMO_COMPANIES = [
  { id: 'c-buyer', name: '演示买家有限公司', nameEn: 'Demo Buyer Co., Ltd.', customerNo: 'CN-B-0001', roles: ['buyer'] },
  { id: 'c-supplier', name: '演示供应商有限公司', nameEn: 'Demo Supplier Co., Ltd.', customerNo: 'CN-S-0001', roles: ['supplier'] },
  { id: 'c-agent', name: '演示代理有限公司', nameEn: 'Demo Agent Co., Ltd.', customerNo: 'CN-A-0001', roles: ['agent'] },
  { id: 'c-manufacturer', name: '演示制造有限公司', nameEn: 'Demo Manufacturer Co., Ltd.', customerNo: 'CN-M-0001', roles: ['manufacturer'] },
  { id: 'c-applicant', name: '演示申请方有限公司', nameEn: 'Demo Applicant Co., Ltd.', customerNo: 'CN-P-0001', roles: ['applicant'] },
  { id: 'c-lab', name: 'SGS 通标标准技术服务有限公司', nameEn: 'SGS-CSTC Standards Technical Services Co., Ltd.', customerNo: 'SGS-0001', roles: ['lab'] },
] as const;

/** The password of every demo account (listed in the README). */
export const DEMO_PASSWORD = 'Portico#2024';

export const DEMO_USERS: readonly {
  account: string;
  userName: string;
  email: string;
  companyId: string;
  /** Mark the user's roles (schemas/_access/roles.json: UserRole, SGSUserRole). */
  dimensions: Record<string, string>;
  isAdmin?: boolean;
  /** Has not seen the new-user guide yet (it opens at the first login); the others have dismissed it. */
  newcomer?: boolean;
}[] = [
  { account: 'buyer', userName: '王买家', email: 'buyer@demo.portico.dev', companyId: 'c-buyer', dimensions: { UserRole: 'Buyer' } },
  { account: 'supplier', userName: '李供应', email: 'supplier@demo.portico.dev', companyId: 'c-supplier', dimensions: { UserRole: 'Supplier' } },
  { account: 'agent', userName: '赵代理', email: 'agent@demo.portico.dev', companyId: 'c-agent', dimensions: { UserRole: 'Agent' } },
  { account: 'manufacturer', userName: '钱制造', email: 'manufacturer@demo.portico.dev', companyId: 'c-manufacturer', dimensions: { UserRole: 'Manufacturer' } },
  { account: 'applicant', userName: '张申请', email: 'applicant@demo.portico.dev', companyId: 'c-applicant', dimensions: { UserRole: 'Applicant' } },
  { account: 'admin', userName: '孙管理员', email: 'admin@demo.portico.dev', companyId: 'c-applicant', dimensions: { UserRole: 'Applicant' }, isAdmin: true },
  { account: 'newcomer', userName: '吴新人', email: 'newcomer@demo.portico.dev', companyId: 'c-applicant', dimensions: { UserRole: 'Applicant' }, newcomer: true },
  { account: 'trainee', userName: '郑学员', email: 'trainee@demo.portico.dev', companyId: 'c-applicant', dimensions: { UserRole: 'Applicant' }, newcomer: true },
  { account: 'staff', userName: '周工程师', email: 'staff@demo.portico.dev', companyId: 'c-lab', dimensions: { SGSUserRole: 'SgsAdmin' } },
];

/** TRF templates; the self-test one is hidden from every list (SPEC §1). */
export const DEMO_TEMPLATES = [
  { id: 'TPL-TEXTILE', nameZh: '纺织品通用测试', nameEn: 'Textiles — general testing', productLine: 'SL', selfTest: false },
  { id: 'TPL-TOYS', nameZh: '玩具安全测试', nameEn: 'Toy safety testing', productLine: 'HL', selfTest: false },
  { id: 'TPL-FOOTWEAR', nameZh: '鞋类测试', nameEn: 'Footwear testing', productLine: 'SL', selfTest: false },
  { id: 'TPL-ELECTRICAL', nameZh: '电子电器测试', nameEn: 'Electrical and electronics testing', productLine: 'EE', selfTest: false },
  { id: 'TPL-SELFTEST', nameZh: '自测模板', nameEn: 'Self-test template', productLine: 'SL', selfTest: true },
] as const;
