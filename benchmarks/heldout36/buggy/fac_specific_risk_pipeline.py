"""Risk model: specific (idiosyncratic) variance through a list of processing steps."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STOCK_AXIS = "stocks"


def residual_variance(resid, axis):
    var = jnp.mean(resid ** 2, axis=1)
    return jax.lax.all_gather(var, axis, tiled=True, to="reduced")


def cross_section_total(var, axis):
    return jax.lax.psum(var, axis)


def shrink(total, axis):
    return jnp.sqrt(total)


STEPS = [
    ("resid_var", residual_variance),
    ("total", cross_section_total),
    ("vol", shrink),
]


def specific_risk(resid):
    x = resid
    for _, step in STEPS:
        x = step(x, STOCK_AXIS)
    return x


def inputs():
    rng = np.random.default_rng(8)
    return (rng.normal(0, 0.03, (16, 20)).astype(np.float32),)


def main(resid):
    mesh = jax.make_mesh((8,), (STOCK_AXIS,))
    resid = jax.device_put(resid, NamedSharding(mesh, P(STOCK_AXIS, None)))
    fn = jax.shard_map(functools.partial(specific_risk), mesh=mesh, in_specs=P(STOCK_AXIS, None), out_specs=P())
    return fn(resid)


if __name__ == "__main__":
    print(main(*inputs()))
