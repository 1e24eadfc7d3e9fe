"""Spherical-harmonics colour coefficients, evaluated and pooled by a composed pipeline."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

C0 = 0.28209479177387814


def compose(*fns):
    return lambda x: functools.reduce(lambda acc, f: f(acc), fns, x)


def sh_degree0(coeffs):
    return C0 * coeffs[..., 0, :] + 0.5


pool_gaussians = functools.partial(jax.lax.all_gather, axis_name="gaussians", axis=1, tiled=True, to="reduced")


def pool_views(colours, axes=("views", "gaussians")):
    return jax.lax.all_gather(colours, axes, axis=0, tiled=True, to="reduced")


colour_pipeline = compose(sh_degree0, pool_gaussians, pool_views)


def inputs():
    rng = np.random.default_rng(31)
    return (rng.normal(size=(8, 32, 4, 3)).astype(np.float32),)


def main(coeffs):
    mesh = jax.make_mesh((2, 4), ("views", "gaussians"))
    spec = P("views", "gaussians", None, None)
    coeffs = jax.device_put(coeffs, NamedSharding(mesh, spec))
    fn = jax.shard_map(colour_pipeline, mesh=mesh, in_specs=spec,
                       out_specs=P(None, None, None, reduced={"views", "gaussians"}))
    return fn(coeffs)


if __name__ == "__main__":
    print(main(*inputs()))
