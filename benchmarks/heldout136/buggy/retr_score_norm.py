"""search_serve/retrieval/dense_scoring.py

Dense retrieval server: the corpus embeddings are split over `shard`, queries over `query`.
Each shard scores its documents; the softmax partition sums over the whole corpus are collected
for the calibration log.
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


DIM, N_DOCS, TOP = 16, 64, 3
QUERY, SHARD = "query", "shard"
collect = functools.partial(jax.lax.all_gather, axis_name=SHARD, axis=0, to="reduced")


class DenseScorer(EngineBase):
    def __init__(self, mesh, corpus):
        super().__init__(mesh)
        self.corpus = self.place(corpus, P(SHARD, None))
        self.calibration = []

    def body(self, q, docs):
        s = q @ docs.T
        z = jax.lax.psum(jnp.sum(jnp.exp(s), axis=-1), SHARD)
        vals, idx = jax.lax.top_k(s, TOP)
        idx = idx + jax.lax.axis_index(SHARD) * docs.shape[0]
        return vals, idx, collect(z)

    def build(self, bucket):
        return jax.jit(jax.shard_map(self.body, mesh=self.mesh, in_specs=(P(QUERY, None), P(SHARD, None)),
                                     out_specs=(P(QUERY, SHARD), P(QUERY, SHARD),
                                                P(None, QUERY, reduced={SHARD}))))

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        q = self.place(stack_padded(payloads, bucket), P(QUERY, None))
        step = self.cached("score", bucket, self.build)
        vals, idx, z = await asyncio.get_running_loop().run_in_executor(None, step, q, self.corpus)
        self.calibration.append(z)
        vals, idx = np.asarray(vals), np.asarray(idx)
        order = np.argsort(-vals, axis=1)[:, :TOP]
        return [idx[i, order[i]].tolist() for i in range(len(payloads))]


async def serve(mesh, corpus, queries):
    scorer = DenseScorer(mesh, corpus)
    responses = await run_clients(Batcher(scorer.handle), queries, n_clients=3)
    return np.array([r.value for r in responses])


def inputs():
    rng = np.random.default_rng(30)
    corpus = rng.normal(size=(N_DOCS, DIM)).astype(np.float32) / 4
    queries = [rng.normal(size=(DIM,)).astype(np.float32) for _ in range(6)]
    return corpus, queries


def main(corpus, queries):
    mesh = jax.make_mesh((2, 4), (QUERY, SHARD))
    return asyncio.run(serve(mesh, corpus, queries))


if __name__ == "__main__":
    main(*inputs())
