import { not, setup, stateIn } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * A training class (SPEC §4 "Training class"): its schedule (coming, ongoing, complete) and its
 * publication (published or not) change independently, so the machine is parallel. Completing
 * asks for confirmation and cannot be undone. It is the lifecycle of the `trainingClass` entity
 * (schemas/trainingClass/): an unpublished class is a draft, its owner's (staff) alone. Rules:
 * training-class.rules.md.
 */
export type TrainingClassEvent =
  | { type: 'PUBLISH' }
  | { type: 'UNPUBLISH' }
  | { type: 'START' }
  | { type: 'COMPLETE' }
  | { type: 'CONFIRM_COMPLETION' }
  | { type: 'KEEP_ONGOING' };

export const trainingClassMachine = setup({
  types: {
    events: {} as TrainingClassEvent,
  },
  guards: {
    isPublished: stateIn('#trainingClass.publication.published'),
    isComingUp: stateIn('#trainingClass.schedule.coming'),
    isNotComplete: not(stateIn('#trainingClass.schedule.complete')),
  },
}).createMachine({
  id: 'trainingClass',
  type: 'parallel',
  meta: machineMeta<TrainingClassEvent>({
    label: L('培训课程', 'Training class'),
    guards: {
      isComingUp: L('尚未开始', 'it has not started'),
      isNotComplete: L('尚未结束', 'it has not ended'),
      isPublished: L('已发布', 'it is published'),
    },
    events: {
      PUBLISH: { label: L('发布', 'Publish') },
      UNPUBLISH: { label: L('取消发布', 'Unpublish') },
      START: { label: L('开课', 'Start') },
      COMPLETE: { label: L('结课', 'Complete') },
      CONFIRM_COMPLETION: { label: L('确认结课', 'Confirm completion') },
      KEEP_ONGOING: { label: L('暂不结课', 'Keep ongoing') },
    },
  }),
  states: {
    schedule: {
      initial: 'coming',
      meta: meta({ label: L('进度', 'Schedule') }),
      states: {
        coming: {
          meta: meta({ label: L('即将开始', 'Coming'), editable: '*' }),
          on: { START: { target: 'ongoing', guard: 'isPublished' } },
        },
        ongoing: {
          meta: meta({ label: L('进行中', 'Ongoing'), editable: ['location', 'trainer', 'description', 'endDate'] }),
          tags: ['attendance'],
          on: { COMPLETE: 'confirmingCompletion' },
        },
        confirmingCompletion: {
          meta: meta({ label: L('待确认结课', 'Confirming completion'), description: L('结课不可撤销：考勤与成绩将被锁定。', 'Completion is irreversible: attendance and performance are frozen.') }),
          tags: ['attendance'],
          on: {
            CONFIRM_COMPLETION: 'complete',
            KEEP_ONGOING: 'ongoing',
          },
        },
        complete: { type: 'final', meta: meta({ label: L('已结束', 'Complete') }), tags: ['archived'] },
      },
    },
    publication: {
      initial: 'unpublished',
      meta: meta({ label: L('发布', 'Publication') }),
      states: {
        unpublished: {
          meta: meta({ label: L('未发布', 'Unpublished'), draft: true, description: L('未发布的课程只有培训方可见。', 'An unpublished class is seen by the training provider alone.') }),
          on: { PUBLISH: { target: 'published', guard: 'isNotComplete' } },
        },
        published: {
          meta: meta({ label: L('已发布', 'Published') }),
          tags: ['visibleToTrainees'],
          on: { UNPUBLISH: { target: 'unpublished', guard: 'isComingUp' } },
        },
      },
    },
  },
});
