/**
 * Facts shared by the producer (API nodes) and the consumer (`worker` processes) of the engine
 * queue. Jobs carry data and return data (RunOutcome); BullMQ keeps only messages of failures.
 *
 * Beside BullMQ's own keys the queue keeps a few of its own (workers/queue/scripts.ts):
 * - tickets: one per admitted call that no worker has claimed yet (the backlog, bounded
 *   atomically across API nodes); a worker answers a job only by claiming its ticket (before it
 *   runs it, or for a light job together with its outcome), an API node gives up on a job only by
 *   withdrawing it, so a call is either answered by its worker or refused, never both;
 * - the worker registry: every worker's heartbeat and the threads it offers;
 * - one outcome key per finished job, read and deleted by the API node that waits for it.
 */
export const ENGINE_QUEUE = 'engine';
/** Redis key prefix of the queue (BullMQ's default is `bull`). */
export const QUEUE_PREFIX = 'engcalc';
/** BullMQ's keys for the queue's jobs: `<prefix>:<queue>:<jobId>`. */
export const JOB_KEY_PREFIX = `${QUEUE_PREFIX}:${ENGINE_QUEUE}:`;

/** The queue's own keys (outside BullMQ's namespace, so no job id can collide with them). */
export const KEYS = {
  /** ZSET jobId -> epoch ms after which the ticket is void (admitted, not started). */
  tickets: 'engcalc:eq:tickets',
  /** ZSET workerId -> epoch ms at which its registration lapses without a heartbeat. */
  workers: 'engcalc:eq:workers',
  /** HASH workerId -> threads it offers (0 while it drains for shutdown). */
  capacity: 'engcalc:eq:capacity',
  /** STRING prefix: `<out><jobId>` holds the job's outcome (JSON) until its caller reads it. */
  out: 'engcalc:eq:out:',
  /** STRING prefix: `<cancel><jobId>` marks a claimed job its caller canceled (for a worker that claims it late). */
  cancel: 'engcalc:eq:cancel:',
  /** Pub/sub channel: the id of each canceled job, for the worker running it to stop its thread. */
  cancelChannel: 'engcalc:eq:canceled',
  /**
   * Pub/sub channel prefix: `<reply><nodeId>` carries each outcome (`<jobId>\n<json>`) and each
   * progress step (`P:<jobId>\n<done>\n<total>`) to the API node waiting for it (producer.ts).
   */
  reply: 'engcalc:eq:reply:',
} as const;

/** How a progress step on a reply channel begins (job ids are UUIDs: an outcome never does). */
export const PROGRESS_MESSAGE = 'P:';

/** BullMQ's job lock; a worker that stops renewing it for this long has stalled. */
export const LOCK_DURATION_MS = 10_000;
/** How often live workers look for stalled jobs (BullMQ fails them: maxStalledCount 0). */
export const STALLED_INTERVAL_MS = 5_000;

/** A worker renews its registration this often... */
export const HEARTBEAT_MS = 1_000;
/** ...and is taken for dead once it has not done so for this long. */
export const WORKER_TTL_MS = 5_000;
/** How often an API node checks the calls it waits for (start budget, worker alive, job lost). */
export const MONITOR_MS = 500;
/** A ticket outlives its call's start budget by this much before any process may sweep it. */
export const TICKET_GRACE_MS = 5_000;
/** An outcome nobody read (its API node died) is deleted after this long. */
export const OUTCOME_TTL_MS = 60_000;
/**
 * An outcome its API node's subscriber received is kept this long at most: the node deletes the
 * copy itself (OUTCOME_UNLINK_MS), and this bounds it should that delete be lost.
 */
export const OUTCOME_PUSHED_TTL_MS = 10_000;
/** An API node deletes the copies of the outcomes it received together, one UNLINK per this many ms, not one DEL per job. */
export const OUTCOME_UNLINK_MS = 50;
/** A cancel mark outlives any claim of its job by far (a worker checks it right after claiming). */
export const CANCEL_TTL_MS = 60_000;
/** Every process sweeps expired tickets (and their waiting jobs) this often, traffic or not. */
export const SWEEP_MS = 5_000;
/** Default backlog: waiting calls allowed per live worker thread (ENGINE_MAX_QUEUE unset). */
export const BACKLOG_PER_THREAD = 16;
/** A started call whose worker is alive but silent is answered this long after its time limit. */
export const RUN_GRACE_MS = 10_000;
/** An API node answers its waiting calls 503 once Redis has been unreachable this long. */
export const REDIS_OUTAGE_GRACE_MS = 3_000;

/** Retry-After (s) of a 503 that a retry may soon cure (job lost, Redis away, node stopping). */
export const RETRY_SOON_S = 5;
/** Retry-After (s) of a 503 that needs an operator (no worker running) and of a busy 429. */
export const RETRY_LATER_S = 30;

export interface EngineJobData {
  name: string;
  /** Validated input in field units; replaced by a stub once a worker has claimed the job. */
  input?: Record<string, unknown>;
  units?: 'field' | 'metric';
  /** A batch chunk (workers/runner.ts ChunkJob): its inputs, run in order until `deadline` (epoch ms). */
  inputs?: unknown[];
  deadline?: number;
  mode?: 'outcomes' | 'texts';
  /** A chunk's answer budget in bytes (ChunkJob.maxBytes). */
  maxBytes?: number;
  /** A group of light calls (callGroups.ts): each run as its own pool call, answered in order. */
  calls?: { name: string; input: Record<string, unknown>; units?: 'field' | 'metric'; presented?: true }[];
  /** Answer the presented result as JSON text (workers/runner.ts EngineJob.presented). */
  presented?: true;
  /** The caller listens for progress: the worker forwards the engine's steps (job progress events). */
  progress?: true;
  /** The caller node's reply channel: the worker publishes the outcome there as it stores it. */
  replyTo?: string;
  /**
   * The time limit of each call, the API node's ENGINE_TIMEOUT_MS: the one its caller is told and
   * the node waits for, so the worker applies it rather than its own (a worker configured
   * otherwise would answer a different limit, or run on while the node gives up with 503).
   * Absent (a job from an older node): the worker's own.
   */
  timeoutMs?: number;
}

/** What the processor returns to BullMQ: the outcome itself is in the job's outcome key. */
export const STORED = 'stored';
/** Returned for a job whose ticket was withdrawn or void: it was not run. */
export const SKIPPED = 'skipped';
