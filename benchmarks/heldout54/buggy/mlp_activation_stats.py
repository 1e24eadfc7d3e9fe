# Exported from a Colab notebook: "A two-layer MLP under shard_map, part 2: watching activations".
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"))


def init_mlp(key, sizes=(8, 32, 4)):
    keys = jax.random.split(key, len(sizes) - 1)
    return {
        f"dense_{i}": {"w": jax.random.normal(k, (m, n)) / np.sqrt(m), "b": jnp.zeros((n,))}
        for i, (k, m, n) in enumerate(zip(keys, sizes[:-1], sizes[1:]))
    }


def hidden(params, x):
    return jax.nn.relu(x @ params["dense_0"]["w"] + params["dense_0"]["b"])


def dead_fraction(h):
    dead = jnp.sum((h <= 0).astype(jnp.float32), axis=0, keepdims=True)
    dead = jax.lax.psum(dead, "data")
    return jax.lax.all_gather(dead, "data", to="reduced", tiled=True)


def inputs():
    rng = np.random.default_rng(0)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(x):
    params = init_mlp(jax.random.key(0))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data", None)),
                       out_specs=P(None, None, reduced={"data"}))
    def probe(params, x):
        return dead_fraction(hidden(params, x))

    return probe(params, x)


if __name__ == "__main__":
    main(*inputs())
