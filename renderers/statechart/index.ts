/** The statechart viewer: any XState v5 machine, for review, live records and simulation. */
export { StatechartViewer, type StatechartViewerProps } from './StatechartViewer.tsx';
export { LiveStatechart, type LiveStatechartProps, type LifecycleRecord } from './LiveStatechart.tsx';
export { SimulationPanel, type SimulationPanelProps } from './SimulationPanel.tsx';
export { MachineReview, type MachineReviewProps } from './MachineReview.tsx';
export { LifecycleDrawer, type LifecycleDrawerProps } from './LifecycleDrawer.tsx';
export { LifecycleButton, type LifecycleButtonProps } from './LifecycleButton.tsx';
export { STATECHART_TEXTS, statechartTexts, type StatechartTexts } from './labels.ts';
