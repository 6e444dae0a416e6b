import type { ServiceType } from '../constants';
import type { ApplicationStatus } from './application-status';
import { PREVIOUS_STATUS, TRANSITIONS } from './application-workflow';

// A service's workflow stages (spec §3) come from the workflow table of its type: the statuses an
// application of that type can pass through, in the order the workflow first reaches them from
// 'submitted'. Holding ('pending') is left out: it is a pause, not a stage.

const PAUSE: ApplicationStatus = 'pending';

/** Every stage of a service type's workflow, ordered (breadth-first from 'submitted'). */
export function workflowStagesOf(serviceType: ServiceType): ApplicationStatus[] {
  const order: ApplicationStatus[] = ['submitted'];
  for (let index = 0; index < order.length; index += 1) {
    for (const transition of TRANSITIONS) {
      if (transition.service !== serviceType || transition.from !== order[index]) continue;
      if (transition.to === PREVIOUS_STATUS || transition.to === PAUSE || order.includes(transition.to)) continue;
      order.push(transition.to);
    }
  }
  return order;
}

export type StageProblem = { index: number; problem: 'not_in_workflow' | 'duplicate' };

/** Stages a service of this type may not list: one its workflow never reaches, or one listed twice. */
export function stageProblems(serviceType: ServiceType, stages: readonly string[]): StageProblem[] {
  const allowed = workflowStagesOf(serviceType) as readonly string[];
  const problems: StageProblem[] = [];
  stages.forEach((stage, index) => {
    if (!allowed.includes(stage)) problems.push({ index, problem: 'not_in_workflow' });
    else if (stages.indexOf(stage) !== index) problems.push({ index, problem: 'duplicate' });
  });
  return problems;
}
