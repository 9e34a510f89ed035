// A helper thread for test/threads/rpc.test.ts: answers each job with it and its thread id.
import { threadId } from 'node:worker_threads';
import { serve } from '../../../src/threads/serve.ts';

/** The echo thread's one method: the job back, with the id of the thread that ran it. */
export interface EchoProtocol {
  echo: { args: unknown; result: { job: unknown; threadId: number } };
}

serve<EchoProtocol>({ echo: (job) => ({ job, threadId }) });
