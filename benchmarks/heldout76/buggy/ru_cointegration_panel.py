"""Cointegration residual panel for the pairs book, built with research_utils helpers."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- research_utils.sharding (vendored) ---------------------------------------------------


class AXES:
    DATES = "dates"
    NAMES = "names"
    ALL = (DATES, NAMES)


def research_mesh():
    return jax.make_mesh((2, 4), AXES.ALL)


def sharded(mesh, in_specs, out_specs):
    def deco(fn):
        return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)
    return deco


def gather(x, axes, dim=1):
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")

# ---- research -----------------------------------------------------------------------------


MESH = research_mesh()


@sharded(MESH, in_specs=(P(AXES.DATES, AXES.NAMES), P(AXES.DATES, AXES.NAMES)),
         out_specs=(P(AXES.DATES, None, reduced={AXES.NAMES}), P(None, None, reduced=set(AXES.ALL))))
def residual_panel(y, x):
    beta = (x * y).sum(axis=0, keepdims=True) / ((x * x).sum(axis=0, keepdims=True) + 1e-9)
    resid = y - beta * x
    wide = gather(resid, AXES.NAMES)
    panel = gather(wide, AXES.ALL, dim=0)
    return wide, panel


def inputs():
    rng = np.random.default_rng(602)
    x = np.cumsum(rng.standard_normal((8, 32)), axis=0).astype(np.float32)
    y = (0.8 * x + rng.standard_normal((8, 32))).astype(np.float32)
    return y, x


def main(y, x):
    lay = NamedSharding(MESH, P(AXES.DATES, AXES.NAMES))
    wide, panel = residual_panel(jax.device_put(y, lay), jax.device_put(x, lay))
    print(wide.shape, panel.shape)
    return panel


if __name__ == "__main__":
    main(*inputs())
