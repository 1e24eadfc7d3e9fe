"""llm_serve/sampling/min_p.py

Min-p filtering over a vocab-parallel unembedding: the row maximum is found across the vocab
shards, each shard filters its own logits against it, and the filtered logits are gathered over
`vocab` (kept reduced for the policy-gradient fine-tuner).
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


D, V = 16, 64
MIN_P = {"default": 0.1}


class MinPSampler(EngineBase):
    def __init__(self, mesh, unembed):
        super().__init__(mesh)
        self.unembed = self.place(unembed, P(None, "vocab"))
        self.min_p = MIN_P["default"]

    def body(self, h, unembed):
        logits = h @ unembed
        top = jax.lax.pmax(jnp.max(logits, axis=-1, keepdims=True), "vocab")
        kept = jnp.where(logits >= top + jnp.log(self.min_p), logits, -1e9)
        return jax.lax.all_gather(kept, "vocab", axis=1, tiled=True, to="reduced")

    def build(self, bucket):
        return jax.jit(jax.shard_map(self.body, mesh=self.mesh, in_specs=(P("batch", None), P(None, "vocab")),
                                     out_specs=P("batch", None, reduced={"vocab"})))

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        h = self.place(stack_padded(payloads, bucket), P("batch", None))
        step = self.cached("minp", bucket, self.build)
        kept = await asyncio.get_running_loop().run_in_executor(None, step, h, self.unembed)
        return [kept.shape[-1]] * len(payloads)


async def serve(mesh, unembed, hidden):
    sampler = MinPSampler(mesh, unembed)
    responses = await run_clients(Batcher(sampler.handle), hidden)
    return np.array([r.value for r in responses])


def inputs():
    rng = np.random.default_rng(72)
    hidden = [rng.normal(size=(D,)).astype(np.float32) for _ in range(8)]
    return hidden, (rng.normal(size=(D, V)) * 0.4).astype(np.float32)


def main(hidden, unembed):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    return asyncio.run(serve(mesh, unembed, hidden))


if __name__ == "__main__":
    main(*inputs())
