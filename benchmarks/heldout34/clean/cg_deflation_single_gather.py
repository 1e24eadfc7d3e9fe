"""Deflated CG: one coarse vector per subdomain, assembled into the coarse operator."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DeflationSpace:
    """Piecewise-constant deflation vectors, one aggregate per subdomain."""

    def __init__(self, domain_axis="dom", rhs_axis="rhs"):
        self.domain_axis = domain_axis
        self.rhs_axis = rhs_axis

    @property
    def axes(self):
        return (self.domain_axis, self.rhs_axis)

    def aggregates(self, b):
        agg = jnp.mean(b, axis=0, keepdims=True)
        return jax.lax.all_gather(agg, self.domain_axis, to="reduced", tiled=True)

    def coarse_operator(self, b):
        z = jnp.mean(b, axis=0, keepdims=True)
        e = jnp.abs(z)
        return jax.lax.all_gather(e, self.axes, to="reduced", tiled=True)


def main(b):
    space = DeflationSpace()
    mesh = jax.make_mesh((4, 2), space.axes)
    b = jax.device_put(b, NamedSharding(mesh, P(*space.axes)))
    f = jax.shard_map(space.coarse_operator, mesh=mesh, in_specs=P(*space.axes),
                      out_specs=P(None, None, reduced=set(space.axes)))
    return jax.jit(f)(b)


def inputs():
    rng = np.random.default_rng(1)
    return (rng.standard_normal((64, 4)).astype(np.float32),)
