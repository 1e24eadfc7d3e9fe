"""Inception Score from class logits sharded over the class axis (vocabulary-parallel softmax)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def log_partition(logits, class_axis):
    full = jax.lax.all_gather(logits, class_axis, axis=1, tiled=True, to="reduced")
    z = jax.lax.psum(jnp.exp(full).sum(axis=1, keepdims=True), class_axis)
    return jnp.log(z)


def inception_score(logits, class_axis="feat", data_axis="data"):
    log_p = logits - log_partition(logits, class_axis)
    p_yx = jnp.exp(log_p)
    p_y = jax.lax.pmean(p_yx.mean(axis=0), data_axis)
    kl = jax.lax.psum((p_yx * (log_p - jnp.log(p_y + 1e-12))).sum(axis=1), class_axis)
    return jnp.exp(jax.lax.pmean(kl.mean(), data_axis))


def inputs():
    rng = np.random.default_rng(30)
    return (rng.standard_normal((16, 8)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("data", "feat")))
    return jax.shard_map(inception_score, mesh=mesh, in_specs=P("data", "feat"), out_specs=P())(logits)


if __name__ == "__main__":
    main(*inputs())
