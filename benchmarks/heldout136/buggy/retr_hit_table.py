"""search_serve/retrieval/hit_table.py

Retrieval server that builds the hit table of a batch: each document shard's best scores are
gathered over `shard`, then the whole batch's table is published to the result cache.
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


DIM, N_DOCS, TOP = 16, 64, 2
LAYOUT = {"docs": "shard", "queries": "query", "publish": ("query", "shard")}


class HitTableServer(EngineBase):
    def __init__(self, mesh, corpus, layout=LAYOUT):
        super().__init__(mesh)
        self.layout = layout
        self.corpus = self.place(corpus, P(layout["docs"], None))
        self.tables = []

    def shard_hits(self, q, docs):
        vals, _ = jax.lax.top_k(q @ docs.T, TOP)
        return jax.lax.all_gather(vals, axis_name=self.layout["docs"], axis=1, tiled=True, to="reduced")

    def publish(self, hits):
        return jax.lax.all_gather(hits, axis_name=self.layout["publish"], axis=0, tiled=True, to="reduced")

    def build(self, bucket):
        lq, ld = self.layout["queries"], self.layout["docs"]

        def body(q, docs):
            hits = self.shard_hits(q, docs)
            return hits, self.publish(hits)

        return jax.jit(jax.shard_map(body, mesh=self.mesh, in_specs=(P(lq, None), P(ld, None)),
                                     out_specs=(P(lq, None, reduced={ld}),
                                                P(None, None, reduced=set(self.layout["publish"])))))

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        q = self.place(stack_padded(payloads, bucket), P(self.layout["queries"], None))
        step = self.cached("hits", bucket, self.build)
        hits, table = await asyncio.get_running_loop().run_in_executor(None, step, q, self.corpus)
        self.tables.append(table)
        return [hits.shape] * len(payloads)


async def serve(mesh, corpus, queries):
    server = HitTableServer(mesh, corpus)
    responses = await run_clients(Batcher(server.handle, max_batch=8), queries)
    return np.array([r.value for r in responses])


def inputs():
    rng = np.random.default_rng(31)
    return rng.normal(size=(N_DOCS, DIM)).astype(np.float32), \
        [rng.normal(size=(DIM,)).astype(np.float32) for _ in range(8)]


def main(corpus, queries):
    mesh = jax.make_mesh((2, 4), ("query", "shard"))
    return asyncio.run(serve(mesh, corpus, queries))


if __name__ == "__main__":
    main(*inputs())
