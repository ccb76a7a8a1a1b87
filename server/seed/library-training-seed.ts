import type { EntityRecord, EntityRegistry } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { userByAccount } from '../auth/sessions.ts';
import { EntityService } from '../entities/service.ts';
import type { Document, DocumentAuthorization, TrainingClass } from '../../types/generated/index.ts';

/** Demo documents by theme and product line (typed by the schema: a drifting seed fails the typecheck); `groups` restricts one to customer groups. */
const DOCUMENTS: (Document & { groups?: string[] })[] = [
  { name: '欧盟 REACH 法规更新 EU REACH update 2026', theme: 'regulation', productLine: 'softlines', url: 'https://echa.europa.eu/regulations/reach', sort: 10, description: 'SVHC 清单新增物质 New SVHC entries' },
  { name: '美国 CPSIA 儿童产品要求 US CPSIA children products', theme: 'regulation', productLine: 'hardlines', url: 'https://www.cpsc.gov/Regulations-Laws--Standards/Statutes/The-Consumer-Product-Safety-Improvement-Act', sort: 20 },
  { name: '色牢度测试方法 Colour fastness methods', theme: 'testMethod', productLine: 'softlines', url: 'https://www.iso.org/standard/77796.html', sort: 10, description: 'ISO 105 系列 ISO 105 series' },
  { name: '零售品牌质量手册 Retail brand quality manual', theme: 'guide', productLine: 'softlines', url: 'https://www.sgs.com/en/services/consumer-products-testing', sort: 5, titleOnly: true, groups: ['CG-RETAIL'], description: '仅限零售品牌客户组 Retail brands only' },
  { name: '门户使用指南 Portal user guide', theme: 'guide', productLine: 'softlines', url: 'https://www.sgs.com/en/contact-us', sort: 1 },
  { name: '行业资讯：可持续纺织 Sustainable textiles news', theme: 'news', productLine: 'softlines', url: 'https://www.sgs.com/en/news', sort: 30 },
];

const COURSES: { code: string; name: string; productLine: 'softlines' | 'hardlines'; modules: { name: string; hours: number; classes: (Omit<TrainingClass, 'moduleId'> & { events: string[]; trainees: { account: string; score?: number }[] })[] }[] }[] = [
  {
    code: 'TR-TX-101',
    name: '纺织品测试基础 Textile testing basics',
    productLine: 'softlines',
    modules: [
      {
        name: '色牢度 Colour fastness',
        hours: 6,
        classes: [
          { title: '色牢度（上海，春季）Colour fastness, Shanghai spring', startDate: '2026-03-10', endDate: '2026-03-11', location: '上海 Shanghai', trainer: '陈工 Chen', passScore: 60, capacity: 30,
            events: ['PUBLISH', 'START', 'COMPLETE', 'CONFIRM_COMPLETION'], trainees: [{ account: 'applicant', score: 86 }, { account: 'buyer', score: 55 }, { account: 'supplier', score: 72 }] },
          { title: '色牢度（广州，冬季）Colour fastness, Guangzhou winter', startDate: '2026-12-08', endDate: '2026-12-09', location: '广州 Guangzhou', trainer: '李工 Li', passScore: 60, capacity: 30,
            events: ['PUBLISH'], trainees: [{ account: 'applicant' }] },
        ],
      },
      { name: '纤维成分 Fibre content', hours: 4, classes: [
        { title: '纤维成分（线上）Fibre content, online', startDate: '2026-11-20', endDate: '2026-11-30', location: '线上 Online', trainer: '陈工 Chen', passScore: 70, events: ['PUBLISH', 'START'], trainees: [{ account: 'agent' }] },
      ] },
    ],
  },
  { code: 'TR-TOY-201', name: '玩具安全 Toy safety', productLine: 'hardlines', modules: [{ name: 'EN 71 物理机械 EN 71 mechanical', hours: 8, classes: [
    { title: 'EN 71（深圳）EN 71, Shenzhen', startDate: '2027-01-12', endDate: '2027-01-13', location: '深圳 Shenzhen', trainer: '王工 Wang', passScore: 60, events: [], trainees: [] },
  ] }] },
];

/** The document library (themes, one restricted to a customer group) and training courses with modules, classes in each state and graded enrolments, made through the API's service. */
export async function seedLibraryAndTraining(db: Database, registry: EntityRegistry): Promise<void> {
  const staff = await userByAccount(db, 'staff');
  if (!staff || !registry.has('document') || !registry.has('trainingClass')) return;
  const service = new EntityService(db, undefined, registry);
  const admin = staff;
  const make = (entity: string, doc: object, user: typeof admin = admin) => service.create(registry.get(entity), { doc }, user, 'zh-CN');
  for (const { groups, ...d } of DOCUMENTS) {
    const made = await make('document', d);
    if (groups) await make('documentAuthorization', { documentId: made.id, customerGroups: groups } satisfies DocumentAuthorization);
  }
  const cls = registry.get('trainingClass');
  for (const { modules, ...course } of COURSES) {
    const c = await make('trainingCourse', course);
    for (const [i, { classes, ...m }] of modules.entries()) {
      const mod = await make('trainingModule', { ...m, courseId: c.id, sort: i + 1 });
      for (const { events, trainees, ...k } of classes) {
        let record: EntityRecord = await make('trainingClass', { ...k, moduleId: mod.id });
        // Trainees enrol once it is published, and are graded while it runs.
        for (const type of events) {
          if (type === 'COMPLETE') await enrolAndGrade(record.id, k.passScore, trainees);
          const next = await service.send(cls, record.id, { type, version: record.version }, staff, 'zh-CN');
          if ('id' in next) record = next;
          if (type === 'PUBLISH' && !events.includes('COMPLETE')) await enrolAndGrade(record.id, k.passScore, trainees);
        }
      }
    }
  }

  async function enrolAndGrade(classId: string, passScore: number, trainees: { account: string; score?: number }[]): Promise<void> {
    for (const t of trainees) {
      const user = await userByAccount(db, t.account);
      if (!user) continue;
      const e = await make('trainingEnrolment', { classId, account: t.account }, user);
      if (t.score === undefined) continue;
      const doc = { ...e.doc, attendance: 'present', score: t.score, result: t.score >= passScore ? 'pass' : 'fail' };
      await service.update(registry.get('trainingEnrolment'), e.id, { version: e.version, doc }, admin, 'zh-CN');
    }
  }
}
