"""search_serve/retrieval/index_reshard.py

Retrieval server whose document index is spread over every device (`query` x `shard`) when it
is built; on the first request the index is regathered into the serving layout (documents over
`shard` only, kept reduced over `query`).
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
from jax._src.shard_map import top_level_all_gather

DIM, N_DOCS = 16, 64
BUILD_AXES = ("query", "shard")
SERVE_AXES = ("shard",)


def index_spec(axes, replicated_over=()):
    return P(axes if len(axes) > 1 else axes[0], None, reduced=set(replicated_over))


class ReshardingIndex(EngineBase):
    def __init__(self, mesh, corpus):
        super().__init__(mesh)
        self.index = self.place(corpus, index_spec(BUILD_AXES))
        self.serving = None

    def serving_index(self):
        if self.serving is None:
            missing = tuple(a for a in BUILD_AXES if a not in SERVE_AXES)
            self.serving = top_level_all_gather(self.index, index_spec(SERVE_AXES, missing))
        return self.serving

    def build(self, bucket):
        def body(q, docs):
            return jax.lax.pmax(jnp.max(q @ docs.T, axis=-1), "shard")
        return jax.jit(jax.shard_map(body, mesh=self.mesh, in_specs=(P("query", None), P("shard", None)),
                                     out_specs=P("query")))

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        q = self.place(stack_padded(payloads, bucket), P("query", None))
        index = jax.reshard(self.serving_index(), P("shard", None))
        best = self.cached("best", bucket, self.build)(q, index)
        best = np.asarray(best)
        return [float(best[i]) for i in range(len(payloads))]


async def serve(mesh, corpus, queries):
    server = ReshardingIndex(mesh, corpus)
    responses = await run_clients(Batcher(server.handle), queries)
    return np.array([r.value for r in responses])


def inputs():
    rng = np.random.default_rng(33)
    return rng.normal(size=(N_DOCS, DIM)).astype(np.float32), \
        [rng.normal(size=(DIM,)).astype(np.float32) for _ in range(8)]


def main(corpus, queries):
    mesh = jax.make_mesh((2, 4), ("query", "shard"))
    with jax.set_mesh(mesh):
        return asyncio.run(serve(mesh, corpus, queries))


if __name__ == "__main__":
    main(*inputs())
