"""llm_serve/prefill/tp_attention.py

Prefill for the tensor-parallel attention server: heads are split over the `model` axis, the
batch over `data`; the engine keeps the last-token hidden states of every head shard for the
trace endpoint.
"""
from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ----------------------------------------------------------------------------------------------
# serve_lite: request batching for the model servers (copied from infra/serve_lite.py, keep in sync)
# ----------------------------------------------------------------------------------------------


@dataclasses.dataclass
class Request:
    rid: int
    payload: np.ndarray
    future: asyncio.Future | None = None


@dataclasses.dataclass
class Response:
    rid: int
    value: object
    batch_size: int


class Batcher:
    """Collects requests up to `max_batch` or `timeout_s`, then hands them to `handler`."""

    def __init__(self, handler, max_batch=4, timeout_s=0.005):
        self.queue = asyncio.Queue()
        self.handler = handler
        self.max_batch = max_batch
        self.timeout_s = timeout_s
        self._task = None

    async def submit(self, rid, payload):
        req = Request(rid, payload, asyncio.get_running_loop().create_future())
        await self.queue.put(req)
        return await req.future

    async def _collect(self):
        batch = [await self.queue.get()]
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout_s
        while len(batch) < self.max_batch:
            left = deadline - loop.time()
            if left <= 0:
                break
            try:
                batch.append(await asyncio.wait_for(self.queue.get(), left))
            except asyncio.TimeoutError:
                break
        return batch

    async def _loop(self):
        while True:
            batch = await self._collect()
            try:
                outs = await self.handler([r.payload for r in batch])
            except Exception as exc:
                for r in batch:
                    if not r.future.done():
                        r.future.set_exception(exc)
                continue
            for r, out in zip(batch, outs):
                r.future.set_result(Response(r.rid, out, len(batch)))

    def start(self):
        self._task = asyncio.create_task(self._loop())
        return self

    async def stop(self):
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task


def bucket_of(n, buckets=(4, 8)):
    return next((b for b in buckets if b >= n), n)


def stack_padded(payloads, bucket):
    x = np.stack(payloads)
    pad = bucket - len(x)
    if pad > 0:
        x = np.concatenate([x, np.zeros((pad,) + x.shape[1:], x.dtype)])
    return x


class EngineBase:
    """Holds the mesh and the compiled step functions, built on first use per batch bucket."""

    def __init__(self, mesh):
        self.mesh = mesh
        self._cache = {}

    def cached(self, kind, bucket, build):
        key = (kind, bucket)
        if key not in self._cache:
            self._cache[key] = build(bucket)
        return self._cache[key]

    def place(self, x, spec):
        return jax.device_put(x, NamedSharding(self.mesh, spec))


async def run_clients(batcher, payloads, n_clients=2):
    async def client(cid):
        mine = payloads[cid::n_clients]
        return [await batcher.submit(cid * 1000 + i, p) for i, p in enumerate(mine)]

    batcher.start()
    try:
        per_client = await asyncio.gather(*(client(c) for c in range(n_clients)))
    finally:
        await batcher.stop()
    return sorted((r for rs in per_client for r in rs), key=lambda r: r.rid)

# ---------------------------------------------------------------------------- end serve_lite --


MESH_SHAPE = (2, 4)
MESH_AXES = ("data", "model")
D_MODEL, N_HEADS, SEQ = 32, 8, 8


@dataclasses.dataclass(frozen=True)
class PrefillConfig:
    batch_axis: str = "data"
    head_axis: str = "model"
    trace_axis: str = "model"   # trace endpoint: one row per head shard
    causal: bool = True


def init_weights(key):
    k1, k2 = jax.random.split(key)
    wqkv = jax.random.normal(k1, (D_MODEL, 3, N_HEADS, D_MODEL // N_HEADS)) * 0.1
    wo = jax.random.normal(k2, (N_HEADS, D_MODEL // N_HEADS, D_MODEL)) * 0.1
    return np.asarray(wqkv), np.asarray(wo)


class PrefillEngine(EngineBase):
    def __init__(self, mesh, weights, cfg=PrefillConfig()):
        super().__init__(mesh)
        self.cfg = cfg
        wqkv, wo = weights
        self.wqkv = self.place(wqkv, P(None, None, cfg.head_axis, None))
        self.wo = self.place(wo, P(cfg.head_axis, None, None))
        self.last_trace = None

    def attention(self, x, wqkv, wo):
        qkv = jnp.einsum("bsd,dthk->tbhsk", x, wqkv)
        q, k, v = qkv[0], qkv[1], qkv[2]
        s = jnp.einsum("bhqk,bhsk->bhqs", q, k) / np.sqrt(q.shape[-1])
        if self.cfg.causal:
            mask = jnp.tril(jnp.ones((x.shape[1], x.shape[1]), bool))
            s = jnp.where(mask, s, -1e9)
        o = jnp.einsum("bhqs,bhsk->bhqk", jax.nn.softmax(s, axis=-1), v)
        return jax.lax.psum(jnp.einsum("bhqk,hkd->bqd", o, wo), self.cfg.head_axis)

    def body(self, x, wqkv, wo):
        h = self.attention(x, wqkv, wo) + x
        trace = jax.lax.all_gather(h[:, -1], self.cfg.trace_axis, to="invarying")
        return h, trace

    def build_prefill(self, bucket):
        c = self.cfg
        fn = jax.shard_map(
            self.body, mesh=self.mesh,
            in_specs=(P(c.batch_axis, None, None), P(None, None, c.head_axis, None),
                      P(c.head_axis, None, None)),
            out_specs=(P(c.batch_axis, None, None),
                       P(None, c.batch_axis, None)))
        return jax.jit(fn)

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        x = self.place(stack_padded(payloads, bucket), P(self.cfg.batch_axis, None, None))
        step = self.cached("prefill", bucket, self.build_prefill)
        loop = asyncio.get_running_loop()
        h, self.last_trace = await loop.run_in_executor(None, step, x, self.wqkv, self.wo)
        last = np.asarray(h[:, -1])
        return [last[i] for i in range(len(payloads))]


async def serve(mesh, weights, prompts):
    engine = PrefillEngine(mesh, weights)
    batcher = Batcher(engine.handle, max_batch=4)
    responses = await run_clients(batcher, prompts)
    return np.stack([r.value for r in responses])


def inputs():
    rng = np.random.default_rng(0)
    prompts = [rng.normal(size=(SEQ, D_MODEL)).astype(np.float32) for _ in range(8)]
    return prompts, 0


def main(prompts, seed=0):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    weights = init_weights(jax.random.key(seed))
    return asyncio.run(serve(mesh, weights, prompts))


if __name__ == "__main__":
    main(*inputs())
