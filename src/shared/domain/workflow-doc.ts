import { SERVICE_TYPES, type ServiceType } from '../constants';
import { APPLICATION_STATUSES, CLOSED_STATUSES } from './application-status';
import { FIRST_WORK_STATUS, TRANSITIONS, WORKFLOW_ACTIONS, notesRequiredMessage, type Transition } from './application-workflow';
import { COUNCILS_SECTION } from './council-workflow-doc';

// docs/workflow.md is this function's output; a unit test fails when the two drift apart.
// Regenerate with `npm run docs:workflow`.

const SERVICE_TITLES: Record<ServiceType, string> = {
  1: 'Service 1: recognition of university or professional diplomas',
  2: 'Service 2: recognition of pre-university diplomas',
  3: 'Service 3: verification of Kosovo diplomas',
  4: 'Service 4: verification documents for studies abroad',
  5: 'Service 5: academic information requests',
};

const code = (text: string) => `\`${text}\``;

function serviceSection(service: ServiceType): string[] {
  const rows = TRANSITIONS.filter((t) => t.service === service && t.action !== 'put_on_hold' && t.action !== 'resume');
  const grouped = new Map<string, Transition[]>();
  for (const t of rows) {
    const key = `${t.from}|${t.action}`;
    grouped.set(key, [...(grouped.get(key) ?? []), t]);
  }
  const lines = [
    `## ${SERVICE_TITLES[service]}`,
    '',
    `First work status: ${code(FIRST_WORK_STATUS[service])}.`,
    '',
    '| from | action | to |',
    '|---|---|---|',
  ];
  for (const group of grouped.values()) {
    const [first] = group;
    lines.push(`| ${code(first.from)} | ${code(first.action)} | ${group.map((t) => code(t.to)).join(', ')} |`);
  }
  lines.push('');
  return lines;
}

function describeStatuses(statuses: readonly string[]): string {
  const open = APPLICATION_STATUSES.filter((s) => !CLOSED_STATUSES.includes(s));
  const isOpen = statuses.length === open.length && open.every((s) => statuses.includes(s));
  return isOpen ? 'any open status' : statuses.map(code).join(', ');
}

function actionRow(name: keyof typeof WORKFLOW_ACTIONS): string {
  const a = WORKFLOW_ACTIONS[name];
  const notes = a.notes === 'required' ? `required: “${notesRequiredMessage(name)}”` : 'optional';
  const where = a.kind === 'transition' ? 'transition table' : a.appliesIn === 'any' ? 'any status' : describeStatuses(a.appliesIn ?? []);
  const refused = (a.refusedWhen ?? []).map((flag) => `not when ${flag}`).join('; ');
  return [
    code(a.name),
    a.kind,
    a.permissions.map(code).join(' or '),
    notes,
    [where, refused, ...(a.conditions ?? []).map((c) => `only if ${c.replaceAll('_', ' ')}`)].filter(Boolean).join('; '),
    a.effects.length ? a.effects.map(code).join(', ') : '—',
  ].join(' | ');
}

export function renderWorkflowDoc(): string {
  const lines = [
    '# Application workflow',
    '',
    '<!-- Generated from src/shared/domain/application-workflow.ts by `npm run docs:workflow`; do not edit by hand. -->',
    '',
    'One transition table in `src/shared/domain/application-workflow.ts` drives both sides: the server',
    'refuses any action the table does not allow from the current status (409, naming the status), a',
    'user without the action’s permission (403), and a stale `version` (412); the renderer offers only the',
    'moves the server lists in `allowed_actions`. Every action writes a history entry and an audit entry',
    'in the same transaction as its status change, and queues applicant notifications in the outbox.',
    '',
    `Closed statuses: ${CLOSED_STATUSES.map(code).join(', ')}. Every other status is open.`,
    'Archived or invalidated applications take no transition.',
    '',
    '## Actions',
    '',
    '| action | kind | permission | notes | allowed | side effects |',
    '|---|---|---|---|---|---|',
    ...Object.keys(WORKFLOW_ACTIONS).map((name) => `| ${actionRow(name as keyof typeof WORKFLOW_ACTIONS)} |`),
    '',
    '## Intake and payment (all services)',
    '',
    '`request_payment` applies when the service’s fee is enabled, `skip_payment` when it is disabled;',
    'exemptions only where the service allows them. Both lead to the service’s first work status.',
    '',
    ...SERVICE_TYPES.flatMap(serviceSection),
    ...COUNCILS_SECTION,
    '## Anywhere',
    '',
    '`put_on_hold` moves any open status except `pending` to `pending` and remembers it; `resume`',
    `returns to that status (${code('previous_status')} in the table).`,
    '',
  ];
  return lines.join('\n');
}
