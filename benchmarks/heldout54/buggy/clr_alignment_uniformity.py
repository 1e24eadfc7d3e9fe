# "Understanding contrastive learning through alignment and uniformity" -- a JAX re-implementation
# of the two metrics, with the batch over `x` and feature shards over `y`.
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("x", "y"))
spec = P("x", "y")


def alignment(u, v, alpha=2):
    sq = jax.lax.psum(jnp.sum((u - v) ** 2, axis=1), "y")
    return jnp.mean(sq ** (alpha / 2))


metrics = {
    "align": alignment,
    "norm": lambda u, v: jnp.mean(jax.lax.psum(jnp.sum(u * u, axis=1), "y")),
}


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(spec, spec), out_specs=P())
def evaluate(u, v):
    out = []
    for name, fn in metrics.items():
        out.append(jax.lax.pmean(fn(u, v), axis_name=("x", "y")))
    return jnp.stack(out)


def inputs():
    rng = np.random.default_rng(4)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(u, v):
    u, v = jax.device_put((u, v), NamedSharding(mesh, spec))
    return evaluate(u, v)


if __name__ == "__main__":
    main(*inputs())
