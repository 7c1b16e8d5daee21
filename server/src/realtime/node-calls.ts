// Service calls between the nodes of a cluster: a request on the serving node's channel, its answer on the
// caller's, matched by id; a refusal travels as an AppError's code and message. A call to this node runs
// its handler at once.
import crypto from 'node:crypto';
import { AppError, Code, notFound } from '../errors.ts';
import type { ServiceHandler } from './bus.ts';
import type { ClusterLink, NodeMessage } from './cluster-link.ts';

interface PendingCall {
  resolve: (answer: unknown) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

export class NodeCalls {
  private readonly link: ClusterLink;
  private readonly timeoutMs: number;
  private readonly services = new Map<string, ServiceHandler>();
  private readonly calls = new Map<string, PendingCall>();

  constructor(link: ClusterLink, timeoutMs: number) {
    this.link = link;
    this.timeoutMs = timeoutMs;
  }

  serve(service: string, handler: ServiceHandler): void {
    if (this.services.has(service)) throw new Error(`Service "${service}" is already served.`);
    this.services.set(service, handler);
  }

  async call(node: string, service: string, request: unknown): Promise<unknown> {
    if (node === this.link.node) {
      const handler = this.services.get(service);
      if (!handler) throw notFound(`No ${service} service on node "${node}".`);
      return handler(request);
    }
    const id = crypto.randomUUID();
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.calls.delete(id);
        reject(new AppError(Code.Unavailable, `Node "${node}" did not answer.`));
      }, this.timeoutMs);
      this.calls.set(id, { resolve, reject, timer });
    });
    const heard = await this.link.toNode(node, { k: 'q', id, from: this.link.node, svc: service, b: request });
    if (!heard) {
      const pending = this.calls.get(id);
      if (pending) {
        this.calls.delete(id);
        clearTimeout(pending.timer);
        pending.reject(notFound(`No ${service} service on node "${node}".`));
      }
    }
    return answer;
  }

  /** Serves a request from another node and sends it the answer. */
  async answer(from: string, id: string, service: string, request: unknown): Promise<void> {
    const handler = this.services.get(service);
    let reply: NodeMessage;
    if (!handler) {
      reply = { k: 'a', id, ok: false, code: Code.NotFound, msg: `No ${service} service on node "${this.link.node}".` };
    } else {
      try {
        reply = { k: 'a', id, ok: true, b: await handler(request) };
      } catch (err) {
        if (err instanceof AppError) reply = { k: 'a', id, ok: false, code: err.code, msg: err.message };
        else {
          this.link.logger?.error('service call failed', { service, err });
          reply = { k: 'a', id, ok: false, code: Code.Internal, msg: 'Internal error' };
        }
      }
    }
    await this.link.toNode(from, reply);
  }

  /** An answer came back: the call waiting for it settles. */
  settle(m: Extract<NodeMessage, { k: 'a' }>): void {
    const pending = this.calls.get(m.id);
    if (!pending) return;
    this.calls.delete(m.id);
    clearTimeout(pending.timer);
    if (m.ok) pending.resolve(m.b);
    else pending.reject(new AppError(m.code as Code, m.msg));
  }

  /** The node is stopping: calls still waiting are refused. */
  stop(): void {
    for (const [id, pending] of this.calls) {
      clearTimeout(pending.timer);
      pending.reject(new AppError(Code.Unavailable, 'The node is stopping.'));
      this.calls.delete(id);
    }
  }
}
