import { createStaticRegistry } from '../../engine/index.ts';

/** SPEC §2's signed-in routes, as the spec lists them (the menu adds the published forms' own). */
export const SPEC_ROUTES = [
  '/wel/index',
  '/document/list', '/document/authorization', '/document/more', '/document/documentShareing', '/document/documentShareing1',
  '/scmReceiver/index', '/scmProvider/index',
  '/powerbi/index', '/powerbi/list',
  '/template/template-setting',
  '/customer/management', '/customer/authority', '/customer/offlineRegister/offlineCustomer', '/customer/thirdLabRegister/thirdLabRegister',
  '/customer/material/config', '/customer/material/list', '/customer/material/materialReport', '/customer/newMaterial/list', '/customer/newMaterial/detail',
  '/customer/newProduct/list', '/customer/newProduct/detail',
  '/customer/template/material', '/customer/template/product', '/customer/template/templateDetail',
  '/trf/cpscTrfInfo', '/trf/newList', '/trf/trfForm', '/trf/trfDetail', '/trf/temp', '/trf/trfDetailTransfer', '/trf/todoList', '/trf/todoListForLululemon', '/trf/previewCA2',
  '/ccl/trf/trfForm', '/ccl/trf/trfDetail', '/ccl/trf/newTrf', '/ccl/tableComponent', '/ccl/formComponent',
  '/afl/trf/newTrf', '/afl/trf/trfDetail',
  '/info/index', '/personality/settings',
  '/company/index', '/company/info',
  '/training/class', '/training/attendance', '/training/performance',
  '/statistics/executiveSummary', '/statistics/physicalTestPerformance', '/statistics/supplierPerformanceOverall', '/statistics/supplierPerformanceChemical', '/statistics/supplierPerformancePhysical',
  '/form/list', '/form/detail', '/form/design',
  '/todo/quotationAndInvoice/quotationAndInvoice', '/invoice/orderList/invoiceOrder',
  '/extend/specificextend-setting', '/accountPer/index', '/accountPer/authority', '/dataEntry/inputResult', '/eFiling/index', '/protocol/list', '/protocol/detail', '/inspection', '/tableDemo/demo',
];

/** Every generated entity page: each entity's list, its new-record form, and its detail (of the record `firstId` finds, if any). */
export function entityPages(): { entity: string; list: string; form?: string; detail?: string }[] {
  return createStaticRegistry()
    .list()
    .filter((reg) => reg.entity.routes?.list)
    .map((reg) => ({ entity: reg.entity.name, list: reg.entity.routes!.list, form: reg.entity.routes!.form, detail: reg.entity.routes!.detail }));
}
