import type { AnyStateMachine } from 'xstate';
import { trfMachine } from './trf.machine.ts';
import { quotationStatementMachine } from './quotation-statement.machine.ts';
import { invoiceMachine } from './invoice.machine.ts';
import { paymentOrderMachine } from './payment-order.machine.ts';
import { eFilingMachine } from './e-filing.machine.ts';
import { trainingClassMachine } from './training-class.machine.ts';
import { authorizationMachine } from './authorization.machine.ts';
import { customerApprovalMachine } from './customer-approval.machine.ts';
import { accountApprovalMachine } from './account-approval.machine.ts';
import { registrationMachine } from './registration.machine.ts';
import { maintenanceNoticeMachine } from './maintenance-notice.machine.ts';
import { chatConnectionMachine } from './chat-connection.machine.ts';
import { enablementMachine } from './enablement.machine.ts';
import { pushStatusMachine } from './push-status.machine.ts';
import { sessionMachine } from './session.machine.ts';

/** Every lifecycle machine of the product, by id. A new machine file joins here. */
export const machines = {
  trf: trfMachine,
  quotationStatement: quotationStatementMachine,
  invoice: invoiceMachine,
  paymentOrder: paymentOrderMachine,
  eFiling: eFilingMachine,
  trainingClass: trainingClassMachine,
  authorization: authorizationMachine,
  customerApproval: customerApprovalMachine,
  accountApproval: accountApprovalMachine,
  registration: registrationMachine,
  maintenanceNotice: maintenanceNoticeMachine,
  chatConnection: chatConnectionMachine,
  enablement: enablementMachine,
  pushStatus: pushStatusMachine,
  session: sessionMachine,
} satisfies Record<string, AnyStateMachine>;

export type MachineId = keyof typeof machines;
