"""launchers/asr/eval_wer.py: distributed token error rate for the ASR eval job.

Each frame shard counts its token errors; the counts are summed over the frame shards
and then averaged over the mesh axes listed in MESH_AXES for one logged number.
"""
import os
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ALL_AXES = tuple(os.environ.get("MESH_AXES", "batch,frames").split(","))


def mesh_dims():
    frames = int(os.environ.get("FRAME_SHARDS", "2"))
    return (jax.device_count() // frames, frames)


def token_errors(hyp, ref, mask):
    return jnp.sum((hyp != ref) * mask)


def eval_body(hyp, ref, mask):
    errs = jax.lax.psum(token_errors(hyp, ref, mask), "frames")
    total = jax.lax.psum(jnp.sum(mask), "frames")
    rate = errs / jnp.maximum(total, 1.0)
    return jax.lax.pmean(rate, ALL_AXES[0])


def evaluator(mesh):
    spec = P("batch", "frames")
    return jax.jit(jax.shard_map(eval_body, mesh=mesh, in_specs=(spec, spec, spec),
                                 out_specs=P()))


def decode_batch(rng, utts, frames, vocab=6):
    ref = rng.integers(0, vocab, (utts, frames))
    noise = rng.random((utts, frames)) < 0.2
    hyp = np.where(noise, (ref + 1) % vocab, ref)
    mask = (rng.random((utts, frames)) < 0.9).astype(np.float32)
    return hyp.astype(np.int32), ref.astype(np.int32), mask


def main(seed):
    mesh = jax.make_mesh(mesh_dims(), ALL_AXES)
    rng = np.random.default_rng(seed)
    sharding = NamedSharding(mesh, P("batch", "frames"))
    arrays = [jax.make_array_from_process_local_data(sharding, a)
              for a in decode_batch(rng, 8, 8)]
    start = time.time()
    with jax.set_mesh(mesh):
        ter = evaluator(mesh)(*arrays)
    if jax.process_index() == 0:
        print(f"TER {float(ter):.3f} in {time.time() - start:.2f}s")
    return ter


class EvalLog:
    """Collects one row per eval call; only process 0 keeps them."""

    def __init__(self):
        self.rows = []

    def add(self, seed, ter):
        if jax.process_index() == 0:
            self.rows.append((seed, float(ter)))

    def mean(self):
        return sum(t for _, t in self.rows) / max(len(self.rows), 1)


def inputs():
    return (int(os.environ.get("EVAL_SEED", "0")),)


if __name__ == "__main__":
    main(*inputs())
