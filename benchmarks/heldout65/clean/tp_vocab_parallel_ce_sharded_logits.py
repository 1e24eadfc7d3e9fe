"""Vocab-parallel cross entropy fed by a column-parallel LM head."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ColumnParallelLinear:
    def __init__(self, tp_axis, gather_output=False):
        self.tp_axis = tp_axis
        self.gather_output = gather_output

    def __call__(self, x, w):
        y = x @ w
        if self.gather_output:
            y = jax.lax.all_gather(y, self.tp_axis, axis=-1, tiled=True, to="reduced")
        return y


def vocab_parallel_cross_entropy(logits, labels, tp_axis):
    reduce_max = functools.partial(jax.lax.pmax, axis_name=tp_axis)
    logits_max = reduce_max(logits)
    shifted = logits - logits_max
    sum_exp = jax.lax.psum(jnp.exp(shifted).sum(axis=-1), tp_axis)
    picked = jnp.take_along_axis(shifted, labels[:, None], axis=-1)[:, 0]
    return jnp.log(sum_exp) - jax.lax.pmean(picked, tp_axis)


class GPTHead:
    def __init__(self, tp_axis="tensor", gather_output=False):
        self.proj = ColumnParallelLinear(tp_axis, gather_output=gather_output)
        self.loss_fn = functools.partial(vocab_parallel_cross_entropy, tp_axis=tp_axis)

    def __call__(self, h, w, labels):
        return self.loss_fn(self.proj(h, w), labels)


def inputs():
    rng = np.random.default_rng(23)
    return (rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 32)).astype(np.float32),
            rng.integers(0, 8, size=(8,)).astype(np.int32))


def main(h, w, labels):
    mesh = jax.make_mesh((2, 4), ("data", "tensor"))
    h = jax.device_put(h, NamedSharding(mesh, P("data", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "tensor")))
    labels = jax.device_put(labels, NamedSharding(mesh, P("data")))
    head = GPTHead()
    return jax.shard_map(head, mesh=mesh, in_specs=(P("data", None), P(None, "tensor"), P("data")),
                         out_specs=P("data"))(h, w, labels)


if __name__ == "__main__":
    main(*inputs())
