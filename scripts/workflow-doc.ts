// Writes docs/workflow.md from the transition table.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderWorkflowDoc } from '../src/shared/domain/workflow-doc';

writeFileSync(resolve(import.meta.dirname, '../docs/workflow.md'), renderWorkflowDoc());
