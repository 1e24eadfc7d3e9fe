# "Should you standardise features inside the model?" -- quick notebook experiment.
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"))


def standardize(x, eps=1e-5):
    mu = x.mean(axis=0, keepdims=True)
    return (x - mu) / jnp.sqrt(x.var(axis=0, keepdims=True) + eps)


def body(x):
    feats = jax.lax.all_gather(x, "model", axis=1, to="reduced", tiled=True)
    return standardize(feats)


def inputs():
    rng = np.random.default_rng(7)
    return (rng.normal(loc=3.0, size=(16, 8)).astype(np.float32),)


def main(x):
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", None, reduced={"model"}))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main(*inputs())
