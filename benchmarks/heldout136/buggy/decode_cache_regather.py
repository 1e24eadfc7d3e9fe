"""llm_serve/decode/migrate.py

Decode server that migrates a batch's KV cache to another replica: the cache comes out of the
step split over (`batch`, `heads`) and is regathered to the layout the receiving replica reads.
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

D, H, K, T = 16, 4, 4, 4
CACHE_LAYOUT = ("batch", "heads", None, None)
MIGRATE_LAYOUT = {"slots": None, "heads": "heads", "reduced": {"batch"}}


def migrate_spec(layout):
    return P(layout["heads"], layout["slots"], None, None, reduced=layout["reduced"])


class MigratingDecode(EngineBase):
    def __init__(self, mesh, wkv):
        super().__init__(mesh)
        self.wkv = self.place(wkv, P(None, "heads", None))
        self.outbox = []

    def build(self, bucket):
        def body(x, wkv):
            k = jnp.einsum("bd,dhk->bhk", x, wkv)
            return jnp.repeat(k[:, :, None, :], T, axis=2)
        return jax.jit(jax.shard_map(body, mesh=self.mesh, in_specs=(P("batch", None), P(None, "heads", None)),
                                     out_specs=P(*CACHE_LAYOUT)))

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        x = self.place(stack_padded(payloads, bucket), P("batch", None))
        step = self.cached("fill", bucket, self.build)
        cache = step(x, self.wkv)
        moved = top_level_all_gather(cache, migrate_spec(MIGRATE_LAYOUT))
        self.outbox.append(moved)
        return [bucket] * len(payloads)


async def serve(mesh, wkv, tokens):
    engine = MigratingDecode(mesh, wkv)
    responses = await run_clients(Batcher(engine.handle), tokens)
    return np.array([r.value for r in responses])


def inputs():
    rng = np.random.default_rng(13)
    tokens = [rng.normal(size=(D,)).astype(np.float32) for _ in range(8)]
    return tokens, (rng.normal(size=(D, H, K)) * 0.3).astype(np.float32)


def main(tokens, wkv):
    mesh = jax.make_mesh((4, 2), ("batch", "heads"))
    with jax.set_mesh(mesh):
        return asyncio.run(serve(mesh, wkv, tokens))


if __name__ == "__main__":
    main(*inputs())
