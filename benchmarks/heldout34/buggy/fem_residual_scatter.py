"""Matrix-free residual: element contributions summed and scattered back to the node owners."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def get_args(argv=()):
    ap = argparse.ArgumentParser()
    ap.add_argument("--mesh-axes", nargs="+", default=["elem", "comp"])
    ap.add_argument("--mesh-shape", nargs="+", type=int, default=[4, 2])
    return ap.parse_args(list(argv))


def element_residual(u, f):
    return jnp.gradient(u, axis=0) ** 2 - f


def assemble(u, f, axes):
    r = element_residual(u, f)
    return jax.lax.psum_scatter(r, axes, scatter_dimension=0, tiled=True)


def main(u, f):
    args = get_args()
    axes = tuple(args.mesh_axes)
    mesh = jax.make_mesh(tuple(args.mesh_shape), axes)
    spec = P(axes[0], None)
    u, f = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (u, f))
    body = lambda u, f: assemble(u, f, axes)
    g = jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs=P(axes, None))
    return jax.jit(g)(u, f)


def inputs():
    rng = np.random.default_rng(42)
    return (rng.standard_normal((64, 3)).astype(np.float32),
            rng.standard_normal((64, 3)).astype(np.float32))
