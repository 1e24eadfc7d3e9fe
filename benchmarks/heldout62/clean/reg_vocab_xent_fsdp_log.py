"""A loss registry with per-loss metadata; the vocab-parallel cross entropy is averaged for logs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOSSES = {}


def register_loss(name, *, vocab_axis, log_axes):
    def deco(fn):
        fn.vocab_axis = vocab_axis
        fn.log_axes = log_axes
        LOSSES[name] = fn
        return fn
    return deco


@register_loss("xent", vocab_axis="tp", log_axes=("fsdp",))
def vocab_parallel_xent(logits, onehot):
    axis = vocab_parallel_xent.vocab_axis
    m = jax.lax.pmax(jnp.max(logits, axis=-1), axis)
    lse = jnp.log(jax.lax.psum(jnp.sum(jnp.exp(logits - m[:, None]), axis=-1), axis)) + m
    target = jax.lax.psum(jnp.sum(logits * onehot, axis=-1), axis)
    return lse - target


def compute_loss(name, logits, onehot):
    fn = LOSSES[name]
    per_token = fn(logits, onehot)
    return jax.lax.pmean(jnp.mean(per_token), fn.log_axes)


def inputs():
    rng = np.random.default_rng(15)
    logits = rng.normal(size=(8, 32)).astype(np.float32)
    onehot = np.eye(32, dtype=np.float32)[rng.integers(0, 32, size=8)]
    return logits, onehot


def main(logits, onehot):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    spec = P("fsdp", "tp")
    logits = jax.device_put(logits, NamedSharding(mesh, spec))
    onehot = jax.device_put(onehot, NamedSharding(mesh, spec))
    run = jax.shard_map(lambda l, y: compute_loss("xent", l, y), mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return run(logits, onehot)


if __name__ == "__main__":
    main(*inputs())
