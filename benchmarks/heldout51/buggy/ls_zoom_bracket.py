"""Strong-Wolfe zoom phase: the bracket gradients are collected for the cubic interpolation."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class WolfeOptions:
    c1: float = 1e-4
    c2: float = 0.9
    param_axis: str = "param"
    batch_axis: str = "data"


def gather_bracket(table, *, axes):
    return jax.lax.all_gather(table, axes, axis=1, tiled=True, to="reduced")


class WolfeZoom:
    def __init__(self, options=WolfeOptions()):
        self.opts = options
        self.collect = functools.partial(gather_bracket, axes=(options.batch_axis, options.param_axis))

    def bracket_gradients(self, g_lo, g_hi):
        lo = jax.lax.all_gather(g_lo, self.opts.param_axis, axis=1, tiled=True, to="reduced")
        hi = jax.lax.all_gather(g_hi, self.opts.param_axis, axis=1, tiled=True, to="reduced")
        return self.collect(lo), self.collect(hi)


def inputs():
    rng = np.random.default_rng(21)
    return rng.normal(size=(4, 16)).astype(np.float32), rng.normal(size=(4, 16)).astype(np.float32)


def main(g_lo, g_hi):
    mesh = jax.make_mesh((2, 4), ("data", "param"))
    sh = NamedSharding(mesh, P("data", "param"))
    g_lo, g_hi = jax.device_put(g_lo, sh), jax.device_put(g_hi, sh)
    zoom = WolfeZoom()
    out = P(None, None, reduced={"data", "param"})
    return jax.shard_map(zoom.bracket_gradients, mesh=mesh, in_specs=(P("data", "param"),) * 2,
                         out_specs=(out, out))(g_lo, g_hi)


if __name__ == "__main__":
    main(*inputs())
