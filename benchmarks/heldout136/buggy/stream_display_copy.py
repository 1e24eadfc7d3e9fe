"""llm_serve/streaming/display.py

Streaming server that keeps the per-replica logits of the chunk gathered over `vocab` (reduced,
for the replica-disagreement trainer) and makes a plain replicated copy for the live display.
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


D, V = 16, 32
VOCAB = "vocab"


def replicated_copy(x, axis_name, axis):
    return jax.lax.all_gather(x, axis_name, axis=axis, tiled=True, to="invarying")


class DisplayStream(EngineBase):
    def __init__(self, mesh, unembeds):
        super().__init__(mesh)
        self.unembeds = self.place(unembeds, P("replica", None, VOCAB))
        self.frames = []

    def body(self, h, w):
        logits = jnp.einsum("bd,rdv->rbv", h, w)
        kept = jax.lax.all_gather(logits, VOCAB, axis=2, tiled=True, to="reduced")
        shown = replicated_copy(kept, VOCAB, axis=2)
        return kept, shown

    def build(self, bucket):
        return jax.jit(jax.shard_map(self.body, mesh=self.mesh, in_specs=(P(), P("replica", None, VOCAB)),
                                     out_specs=(P("replica", None, None, reduced={VOCAB}), P("replica", None, None))))

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        h = self.place(stack_padded(payloads, bucket), P())
        step = self.cached("display", bucket, self.build)
        _, shown = await asyncio.get_running_loop().run_in_executor(None, step, h, self.unembeds)
        frame = np.asarray(shown)
        self.frames.append(frame)
        return [int(np.argmax(frame[:, i].mean(axis=0))) for i in range(len(payloads))]


async def stream(mesh, unembeds, chunks):
    server = DisplayStream(mesh, unembeds)
    out = []
    for chunk in chunks:
        out += [r.value for r in await run_clients(Batcher(server.handle), chunk)]
    return np.array(out)


def inputs():
    rng = np.random.default_rng(62)
    chunks = [[rng.normal(size=(D,)).astype(np.float32) for _ in range(4)] for _ in range(2)]
    return (rng.normal(size=(4, D, V)) * 0.3).astype(np.float32), chunks


def main(unembeds, chunks):
    mesh = jax.make_mesh((4, 2), ("replica", VOCAB))
    return asyncio.run(stream(mesh, unembeds, chunks))


if __name__ == "__main__":
    main(*inputs())
