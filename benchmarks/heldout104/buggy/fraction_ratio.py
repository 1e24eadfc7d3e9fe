"""The mixing ratio is kept exact as a fractions.Fraction."""
from fractions import Fraction

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MIX = Fraction(3, 12)


def mix(v, ratio):
    if ratio.denominator == 1:
        return v
    return v * float(ratio)


def body(b):
    rows = jax.lax.all_gather(b, "data", axis=0, tiled=True, to="reduced")
    return mix(rows, MIX)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={"data"}))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
