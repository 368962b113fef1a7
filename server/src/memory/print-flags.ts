import { readFileSync } from 'node:fs';
import { heapFlags, memoryBudget } from './budget';

// Run by serve.sh before the server starts: prints the node flags for the memory this node is given.
const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

try {
  const budget = memoryBudget(process.env, read);
  console.error(`memory: ${budget.mb} MB from ${budget.from}; node ${heapFlags(budget.mb).join(' ')}`);
  console.log(heapFlags(budget.mb).join(' '));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
