# CLIP-style contrastive loss: every device needs all the negatives. Blog-post code.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("x", "y"))
EMB = P("x", "y")


def project(z, w):
    return z @ w


def all_negatives(z, *, inner, outer):
    z = jax.lax.all_gather(z, inner, axis=0, to="reduced", tiled=True)
    return jax.lax.all_gather(z, (outer, inner), axis=1, to="reduced", tiled=True)


gather_negatives = partial(all_negatives, inner="y", outer="x")


def inputs():
    rng = np.random.default_rng(1)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(z, w):
    z = jax.device_put(z, NamedSharding(mesh, EMB))
    w = jax.device_put(w, NamedSharding(mesh, P("y", None)))
    fn = jax.shard_map(lambda z, w: gather_negatives(project(z, w)), mesh=mesh,
                       in_specs=(EMB, P("y", None)), out_specs=P(None, None, reduced={"x", "y"}))
    return fn(z, w)


if __name__ == "__main__":
    main(*inputs())
