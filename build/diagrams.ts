// The machines' diagrams in docs/machines.md, drawn from the machines themselves (Mermaid state
// diagrams, which GitHub and most editors show as pictures): written by `npm run diagrams`, and
// tests/diagrams.test.ts fails when the file no longer matches the machines. The live machines, with
// their context, are in the Stately inspector (`?inspect`); this is the map a reviewer reads first.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { journeyMachine } from '../machines/journey';
import { transferSettingsMachine } from '../machines/transferSettings';
import { violationMachine } from '../machines/violation';

export const MACHINES_DOC = fileURLToPath(new URL('../docs/machines.md', import.meta.url));

/** The machines drawn, with what each decides (the document's headings and lead sentences). */
const DRAWN: { machine: AnyStateMachine; title: string; file: string; about: string }[] = [
  {
    machine: journeyMachine,
    title: 'The journey',
    file: 'machines/journey.ts',
    about: 'A renter\'s rental, from signing out to the deposit back: run by the browser to guide and by the server to decide (`POST /api/bookings/:id/events`).',
  },
  {
    machine: transferSettingsMachine,
    title: 'Transfer settings',
    file: 'machines/transferSettings.ts',
    about: 'How a company\'s traffic fines reach its renters (automatic or manual, notify, consent), edited by a manager.',
  },
  {
    machine: violationMachine,
    title: 'A violation',
    file: 'machines/violation.ts',
    about: 'One traffic fine or Salik charge, from its arrival to paid or disputed, for the renter and the manager.',
  },
];

type Node = AnyStateMachine['root'];
type Transition = { target?: readonly Node[]; guard?: unknown; eventType: string };

/** A Mermaid id for the state: its path, which is unique, where state names (`idle`) repeat. */
const idOf = (node: Node) => [node.machine.id, ...node.path].join('_').replace(/[^A-Za-z0-9_]/g, '_');

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const { guards } = guard as { guards?: unknown[] };
    const name = guard.name || 'guard';
    return guards ? `${name}(${guards.map(guardName).join(', ')})` : name;
  }
  return (guard as { type?: string }).type ?? 'guard';
}

/** The event as a reader names it: a call's answer, a delay, or the event itself. */
function eventName(eventType: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} done`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (failed) return `${failed[1]} failed`;
  const after = /^xstate\.after\.(\d+)\./.exec(eventType);
  if (after) return `after ${after[1]} ms`;
  return eventType === '' ? 'always' : eventType;
}

// Mermaid reads ';' and '#' in a label as its own syntax.
const label = (text: string) => text.replace(/[;#]/g, ' ');

function edges(node: Node): string[] {
  const lines: string[] = [];
  const all: Transition[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
  for (const t of all) {
    for (const to of t.target ?? []) {
      const guard = guardName(t.guard);
      const text = `${eventName(t.eventType)}${guard ? ` [${guard}]` : ''}`;
      lines.push(`${idOf(node)} --> ${idOf(to)} : ${label(text)}`);
    }
  }
  return lines;
}

function drawState(node: Node, depth: number, out: string[], links: string[]) {
  const pad = '  '.repeat(depth);
  const id = idOf(node);
  out.push(`${pad}state "${node.key}" as ${id}`);
  const children = Object.values(node.states) as Node[];
  if (children.length > 0) {
    out.push(`${pad}state ${id} {`);
    drawChildren(node, depth + 1, out, links);
    out.push(`${pad}}`);
  }
  if (node.type === 'final') links.push(`${id} --> [*]`);
  links.push(...edges(node));
}

function drawChildren(node: Node, depth: number, out: string[], links: string[]) {
  const pad = '  '.repeat(depth);
  const children = Object.values(node.states) as Node[];
  children.forEach((child, i) => {
    if (node.type === 'parallel' && i > 0) out.push(`${pad}--`);
    drawState(child, depth, out, links);
  });
  for (const first of node.initial?.target ?? []) out.push(`${pad}[*] --> ${idOf(first)}`);
}

/** The machine as a Mermaid state diagram: every state, nested as in the machine, and every transition that changes state (event [guard]). */
export function machineDiagram(machine: AnyStateMachine): string {
  const out = ['stateDiagram-v2'];
  const links: string[] = [];
  drawChildren(machine.root, 1, out, links);
  // The machine's own transitions, taken in any state, start from a box that says so.
  const anywhere = edges(machine.root);
  if (anywhere.length > 0) out.push(`  state "(any state)" as ${idOf(machine.root)}`);
  return [...out, ...[...anywhere, ...links].map((line) => `  ${line}`)].join('\n');
}

/** The whole document, as `npm run diagrams` writes it. */
export function machinesDocument(): string {
  const sections = DRAWN.map(
    ({ machine, title, file, about }) =>
      `## ${title} (\`${file}\`)\n\n${about}\n\n\`\`\`mermaid\n${machineDiagram(machine)}\n\`\`\`\n`,
  );
  return [
    '# The machines',
    '',
    'Drawn from the machines by `npm run diagrams` (`build/diagrams.ts`); `tests/diagrams.test.ts` fails when this',
    'file no longer matches them, so do not edit it by hand. Each arrow is a transition that changes state,',
    'labelled with its event and, in brackets, its guard; "done" and "failed" are a call\'s answer. Events',
    'a state takes without moving (a form\'s field, an action only) are in the machines, and in the Stately',
    'inspector (`?inspect` in development).',
    '',
    ...sections,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(MACHINES_DOC, machinesDocument());
  console.log(`wrote ${MACHINES_DOC}`);
}
