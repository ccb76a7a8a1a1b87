import type { Language } from '../../engine/index.ts';

/** Every interface text of the statechart viewer, in both interface languages. */
export interface StatechartTexts {
  zoomIn: string;
  zoomOut: string;
  fit: string;
  actualSize: string;
  exportSvg: string;
  exportPng: string;
  loading: string;
  layoutFailed: string;
  legendActive: string;
  legendTakeable: string;
  legendForbidden: string;
  legendVisited: string;
  legendAfter: string;
  legendAlways: string;
  diagram: string;
  live: string;
  simulation: string;
  viewLifecycle: string;
  lifecycleOf: (name: string) => string;
  currentState: string;
  availableNow: string;
  notPermitted: string;
  nothingAvailable: string;
  pathTaken: (steps: number) => string;
  restart: string;
  back: string;
  simulationHint: string;
  noChoices: string;
  eventLog: string;
  step: string;
  event: string;
  transitions: string;
  statesAfter: string;
  start: string;
  rejected: (event: string) => string;
  machines: string;
  machine: string;
  stateCount: string;
  transitionCount: string;
  eventCount: string;
  boundTo: string;
  notBound: string;
  /** The tag of a machine no product code runs yet (its reason in the tooltip). */
  specification: string;
  open: string;
  backToList: string;
  noPermission: string;
  unknownMachine: (id: string) => string;
  timer: string;
  actorResult: string;
}

export const STATECHART_TEXTS: Record<Language, StatechartTexts> = {
  'zh-CN': {
    zoomIn: '放大',
    zoomOut: '缩小',
    fit: '适应窗口',
    actualSize: '原始大小',
    exportSvg: '导出 SVG',
    exportPng: '导出 PNG',
    loading: '正在布局状态图…',
    layoutFailed: '状态图布局失败',
    legendActive: '当前状态',
    legendTakeable: '现在可执行',
    legendForbidden: '无权限执行',
    legendVisited: '已走过的路径',
    legendAfter: '定时转换',
    legendAlways: '自动转换',
    diagram: '状态图',
    live: '当前进度',
    simulation: '模拟',
    viewLifecycle: '查看生命周期',
    lifecycleOf: (name) => `${name}的生命周期`,
    currentState: '当前状态',
    availableNow: '现在可执行',
    notPermitted: '无权限',
    nothingAvailable: '当前没有可执行的操作',
    pathTaken: (steps) => `已经过 ${steps} 步`,
    restart: '重新开始',
    back: '撤销一步',
    simulationHint: '点击按钮或图中绿色的转换来发送事件；模拟不会修改任何数据。',
    noChoices: '当前状态没有可发送的事件（终态）。',
    eventLog: '事件日志',
    step: '步骤',
    event: '事件',
    transitions: '执行的转换',
    statesAfter: '之后的状态',
    start: '开始',
    rejected: (event) => `机器在当前状态不接受 ${event}`,
    machines: '生命周期状态机',
    machine: '状态机',
    stateCount: '状态',
    transitionCount: '转换',
    eventCount: '事件',
    boundTo: '所属实体',
    notBound: '未绑定实体',
    specification: '规格',
    open: '查看',
    backToList: '返回列表',
    noPermission: '只有内部员工（权限 workflow:view）可以查看生命周期状态机。',
    unknownMachine: (id) => `没有名为 “${id}” 的状态机`,
    timer: '定时器',
    actorResult: '外部调用结果',
  },
  'en-US': {
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    fit: 'Fit',
    actualSize: 'Actual size',
    exportSvg: 'Export SVG',
    exportPng: 'Export PNG',
    loading: 'Laying out the statechart…',
    layoutFailed: 'The statechart could not be laid out',
    legendActive: 'Current state',
    legendTakeable: 'Can be done now',
    legendForbidden: 'Not permitted',
    legendVisited: 'Path taken',
    legendAfter: 'Timer',
    legendAlways: 'Eventless',
    diagram: 'Diagram',
    live: 'Where it is',
    simulation: 'Simulation',
    viewLifecycle: 'View lifecycle',
    lifecycleOf: (name) => `Lifecycle of ${name}`,
    currentState: 'Current state',
    availableNow: 'Can be done now',
    notPermitted: 'Not permitted',
    nothingAvailable: 'Nothing can be done now',
    pathTaken: (steps) => `${steps} steps taken`,
    restart: 'Restart',
    back: 'Undo step',
    simulationHint: 'Click a button or a green transition to send its event; the simulation changes no data.',
    noChoices: 'No event can be sent in this state (final).',
    eventLog: 'Event log',
    step: 'Step',
    event: 'Event',
    transitions: 'Transitions taken',
    statesAfter: 'States after',
    start: 'Start',
    rejected: (event) => `The machine does not take ${event} in this state`,
    machines: 'Lifecycle machines',
    machine: 'Machine',
    stateCount: 'States',
    transitionCount: 'Transitions',
    eventCount: 'Events',
    boundTo: 'Entity',
    notBound: 'Not bound to an entity',
    specification: 'Specification',
    open: 'Open',
    backToList: 'Back to the list',
    noPermission: 'Only internal staff (permission workflow:view) may review lifecycle machines.',
    unknownMachine: (id) => `No machine named “${id}”`,
    timer: 'Timer',
    actorResult: 'Actor result',
  },
};

export function statechartTexts(lang: Language): StatechartTexts {
  return STATECHART_TEXTS[lang];
}
