/**
 * Cancellation of MCP tool calls in a stateless server. A client cancels a request it sent by
 * posting `notifications/cancelled {requestId}` — a separate POST, which in the distributed
 * deployment may reach another API node than the one running the call. So every running
 * `tools/call` is tracked here by (key, JSON-RPC id), and a cancellation is delivered to every
 * node: in-process (embedded) or over Redis pub/sub (distributed). The node running the call
 * aborts its signal, which stops the engine work on its thread or worker (workers/runner.ts).
 *
 * Scope: only the key that sent a request can cancel it (the key id is part of the address).
 * Without sessions, two clients sharing one key and using the same JSON-RPC id at the same
 * moment cannot be told apart: a cancellation reaches both. Clients number their requests from
 * 0 or 1, so give each long-lived client its own key if it cancels.
 */
import { Redis } from 'ioredis';
import { redisOptions } from '../../workers/queue/producer.js';

export type RpcId = string | number;

export interface TrackedCall {
  /** Aborted when a cancellation for this call arrives, from any node. */
  signal: AbortSignal;
  /** Stops tracking (the call answered). */
  done(): void;
}

export interface CancelBus {
  track(keyId: string, rpcId: RpcId): TrackedCall;
  /** Cancels the key's running call with this id on whichever node runs it; unknown ids are ignored (the call may have ended). */
  cancel(keyId: string, rpcId: RpcId, reason: string): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'engcalc:mcp:cancel';

/** The address of a call: the id's type matters (1 and "1" are different JSON-RPC ids). */
const address = (keyId: string, rpcId: RpcId) => `${keyId}\u0000${typeof rpcId === 'number' ? 'n' : 's'}:${rpcId}`;

/** The calls running on this node. */
class LocalCalls {
  private readonly running = new Map<string, Set<AbortController>>();

  track(keyId: string, rpcId: RpcId): TrackedCall {
    const at = address(keyId, rpcId);
    const controller = new AbortController();
    let set = this.running.get(at);
    if (!set) this.running.set(at, (set = new Set()));
    set.add(controller);
    return {
      signal: controller.signal,
      done: () => {
        set.delete(controller);
        if (set.size === 0 && this.running.get(at) === set) this.running.delete(at);
      },
    };
  }

  abort(at: string, reason: string): void {
    for (const c of this.running.get(at) ?? []) c.abort(new CallCanceled(reason));
  }
}

/** The reason an aborted signal carries. */
export class CallCanceled extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CallCanceled';
  }
}

export function memoryCancelBus(): CancelBus {
  const local = new LocalCalls();
  return {
    track: (keyId, rpcId) => local.track(keyId, rpcId),
    cancel: async (keyId, rpcId, reason) => local.abort(address(keyId, rpcId), reason),
    close: async () => undefined,
  };
}

/**
 * Every node subscribes to one channel; a cancellation is published once and each node aborts
 * its own matching calls. When Redis cannot be reached the cancellation still reaches this
 * node's calls (the common case: the cancel follows its call to the same node over a kept-alive
 * connection), and a client that disconnects stops its call whatever Redis does.
 */
export function redisCancelBus(redisUrl: string): CancelBus {
  const local = new LocalCalls();
  const base = { ...redisOptions(redisUrl), maxRetriesPerRequest: 1, connectTimeout: 1_000, retryStrategy: (times: number) => Math.min(times * 200, 2_000) };
  const publisher = new Redis({ ...base, enableOfflineQueue: false, commandTimeout: 1_000 });
  const subscriber = new Redis(base); // re-subscribes by itself after a reconnect
  publisher.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      const { at, reason } = JSON.parse(message) as { at: string; reason: string };
      if (typeof at === 'string') local.abort(at, typeof reason === 'string' ? reason : 'canceled');
    } catch {
      /* not ours */
    }
  });
  void subscriber.subscribe(CHANNEL).catch(() => undefined);
  return {
    track: (keyId, rpcId) => local.track(keyId, rpcId),
    cancel: async (keyId, rpcId, reason) => {
      const at = address(keyId, rpcId);
      local.abort(at, reason); // at once here, whatever Redis does
      await publisher.publish(CHANNEL, JSON.stringify({ at, reason })).catch(() => undefined);
    },
    close: async () => {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

/**
 * One signal that aborts when any of `sources` does. Not AbortSignal.any: Node 20 holds the
 * signals it composes weakly from their sources, so a composite only the engine's listener
 * refers to can be collected and never abort. Here each source's listener holds the controller.
 */
export function eitherSignal(...sources: AbortSignal[]): AbortSignal {
  const controller = new AbortController();
  for (const s of sources) {
    if (s.aborted) {
      controller.abort(s.reason);
      break;
    }
    s.addEventListener('abort', () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}
