"""launchers/asr/train_conformer.py: Conformer CTC training launcher on a (batch, frames) mesh.

Utterances are split over `batch`, their frames over `frames`. Padding makes some frame
shards idle; process 0 logs the valid-frame count seen by every shard of the utilisation
axis (UTIL_AXIS, by default the frame axis).
"""
import atexit
import os
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

DEFAULTS = {"UTIL_AXIS": "frames", "FRAME_SHARDS": "2", "FEATURES": "8", "MAX_FRAMES": "16"}


def env(name):
    return os.environ.get(name, DEFAULTS[name])


class StepLog:
    def __init__(self):
        self.rows = []
        atexit.register(self.flush)

    def add(self, **row):
        if jax.process_index() == 0:
            self.rows.append(row)

    def flush(self):
        if self.rows:
            print(f"{len(self.rows)} step rows", file=sys.stderr)


def build_mesh():
    frame_shards = int(env("FRAME_SHARDS"))
    ici_parallelism = [jax.device_count() // frame_shards, frame_shards]
    devices = np.array(jax.devices()).reshape(ici_parallelism)
    return Mesh(devices, ("batch", "frames"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def ctc_like_loss(feats, mask, w):
    logits = jnp.tanh(feats @ w)
    return jnp.sum((logits ** 2).mean(-1) * mask, axis=1)


def train_step(util_axis):
    def body(feats, mask, w):
        valid = jax.lax.psum(jnp.sum(mask), "frames")
        loss = jax.lax.psum(ctc_like_loss(feats, mask, w), "frames") / jnp.maximum(valid, 1.0)
        util = jax.lax.all_gather(valid, util_axis, to="reduced")
        return loss, util

    return body


def compile_step(mesh):
    util_axis = env("UTIL_AXIS")
    return jax.jit(jax.shard_map(
        train_step(util_axis), mesh=mesh,
        in_specs=(P("batch", "frames", None), P("batch", "frames"), P()),
        out_specs=(P("batch"), P("batch", reduced={util_axis}))))


def load_utterances(mesh, seed):
    max_frames, feats = int(env("MAX_FRAMES")), int(env("FEATURES"))
    rng = np.random.default_rng(seed)
    lengths = rng.integers(4, max_frames, size=8)
    mask = (np.arange(max_frames)[None, :] < lengths[:, None]).astype(np.float32)
    x = rng.standard_normal((8, max_frames, feats)).astype(np.float32) * mask[..., None]
    put = jax.make_array_from_process_local_data
    return (put(NamedSharding(mesh, P("batch", "frames", None)), x),
            put(NamedSharding(mesh, P("batch", "frames")), mask))


def main(steps):
    mesh = build_mesh()
    log = StepLog()
    w = jax.device_put(jnp.eye(int(env("FEATURES"))) * 0.3, NamedSharding(mesh, P()))
    with jax.set_mesh(mesh):
        step = compile_step(mesh)
        for i in range(steps):
            feats, mask = load_utterances(mesh, i)
            t = time.time()
            loss, util = step(feats, mask, w)
            log.add(step=i, seconds=time.time() - t)
    return loss


def inputs():
    return (int(os.environ.get("STEPS", "2")),)


if __name__ == "__main__":
    main(*inputs())
