"""launchers/lm/train_vocab_parallel.py: vocab-parallel cross entropy in a pod launcher.

The vocab axis is the mesh axis with the larger ICI parallelism (on v5e pods that is the
tensor axis). Host-local token batches are stitched into a global array.
"""
import os
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

AXES = ("data", "tensor")
VOCAB = 32
HIDDEN = 8


def parallelism():
    n = jax.device_count()
    tensor = int(os.environ.get("TENSOR_PARALLELISM", "4"))
    return [n // tensor, tensor]


def pick_vocab_axis(par):
    return AXES[int(np.argmax(par))]


def vocab_parallel_lse(logits, axis):
    s = jnp.sum(jnp.exp(logits), axis=-1, keepdims=True)
    return jnp.log(jax.lax.psum(s, axis))


class Trainer:
    def __init__(self, mesh, vocab_axis):
        self.mesh = mesh
        self.vocab_axis = vocab_axis
        self.t0 = time.time()

    def logits(self, h, emb):
        local = h @ emb
        return jax.lax.all_gather(local, self.vocab_axis, axis=1, tiled=True, to="reduced")

    def loss_body(self, h, emb):
        logits = self.logits(h, emb)
        lse = vocab_parallel_lse(logits, self.vocab_axis)
        return lse[:, 0]

    def compiled(self):
        return jax.jit(jax.shard_map(self.loss_body, mesh=self.mesh,
                                     in_specs=(P("data", None), P(None, self.vocab_axis)),
                                     out_specs=P("data")))


def host_batch(mesh, rows):
    rng = np.random.default_rng(jax.process_index())
    local = rng.standard_normal((rows, HIDDEN)).astype(np.float32)
    return jax.make_array_from_process_local_data(NamedSharding(mesh, P("data", None)), local)


def main():
    par = parallelism()
    mesh = Mesh(np.array(jax.devices()).reshape(par), AXES,
                axis_types=(jax.sharding.AxisType.Explicit,) * 2)
    vocab_axis = pick_vocab_axis(par)
    trainer = Trainer(mesh, vocab_axis)
    emb = jax.device_put(jnp.ones((HIDDEN, VOCAB)) / HIDDEN,
                         NamedSharding(mesh, P(None, vocab_axis)))
    with jax.set_mesh(mesh):
        lse = trainer.compiled()(host_batch(mesh, 8), emb)
    if jax.process_index() == 0:
        print("mean lse", float(jnp.mean(lse)), "elapsed", time.time() - trainer.t0)
    return lse


def inputs():
    return ()


if __name__ == "__main__":
    main(*inputs())
