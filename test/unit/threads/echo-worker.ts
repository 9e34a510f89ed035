// A helper thread for test/threads/rpc.test.ts: answers each job with it and its thread id.
import { threadId } from 'node:worker_threads';
import { serve } from '../../../src/threads/serve.ts';

serve<unknown>((job) => ({ job, threadId }));
