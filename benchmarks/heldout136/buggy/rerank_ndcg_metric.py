"""search_serve/rerank/ndcg.py

Reranker that reports the batch's mean DCG online: each request's graded labels travel with its
candidates; the DCG is summed over the candidate shards and averaged over the mesh.
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


D, C = 8, 8


class NdcgReranker(EngineBase):
    def __init__(self, mesh, w):
        super().__init__(mesh)
        self.metric_axes = tuple(mesh.axis_names)
        self.w = self.place(w, P())
        self.dcg = []

    def dcg_of(self, s, labels):
        full = jax.lax.all_gather(s, "cand", axis=1, tiled=True)
        rank = jnp.sum(full[:, None, :] > s[:, :, None], axis=-1)
        gain = (2.0 ** labels - 1.0) / jnp.log2(rank + 2.0)
        return jax.lax.psum(jnp.sum(gain, axis=-1), "cand")

    def body(self, feats, labels, w):
        s = feats @ w
        dcg = self.dcg_of(s, labels)
        return s, jax.lax.pmean(dcg, axis_name=self.metric_axes)

    def build(self, bucket):
        return jax.jit(jax.shard_map(self.body, mesh=self.mesh, in_specs=(P("req", "cand", None), P("req", "cand"), P()),
                                     out_specs=(P("req", "cand"), P(None))))

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        feats = self.place(stack_padded([p[0] for p in payloads], bucket), P("req", "cand", None))
        labels = self.place(stack_padded([p[1] for p in payloads], bucket), P("req", "cand"))
        s, dcg = self.cached("ndcg", bucket, self.build)(feats, labels, self.w)
        self.dcg.append(np.asarray(dcg))
        order = np.argsort(-np.asarray(s), axis=1)
        return [order[i].tolist() for i in range(len(payloads))]


async def serve(mesh, w, requests):
    reranker = NdcgReranker(mesh, w)
    responses = await run_clients(Batcher(reranker.handle), requests)
    return np.array([r.value for r in responses])


def inputs():
    rng = np.random.default_rng(44)
    requests = [(rng.normal(size=(C, D)).astype(np.float32), rng.integers(0, 3, size=C).astype(np.float32))
                for _ in range(8)]
    return rng.normal(size=(D,)).astype(np.float32), requests


def main(w, requests):
    mesh = jax.make_mesh((4, 2), ("req", "cand"))
    return asyncio.run(serve(mesh, w, requests))


if __name__ == "__main__":
    main(*inputs())
