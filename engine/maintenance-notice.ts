/** The maintenance notice machine, for the client's notice banner (src/ reaches workflows/ through the engine). */
export { maintenanceNoticeMachine, type MaintenanceNotice } from '../workflows/maintenance-notice.machine.ts';
