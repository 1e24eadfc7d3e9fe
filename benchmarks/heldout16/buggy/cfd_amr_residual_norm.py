"""AMR multigrid V-cycle: the residual norm decides whether another cycle is needed."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    u = np.linspace(0, 1, 16 * 16, dtype=np.float32).reshape(16, 16)
    f = np.ones((16, 16), np.float32)
    return u, f


def laplacian_rows(u):
    return u[2:] - 2 * u[1:-1] + u[:-2]


def column_energy(r, y_axis):
    return jax.lax.psum(jnp.sum(r * r, axis=1), y_axis)


def residual_norm(u, f, axes):
    r = f[1:-1] - laplacian_rows(u)
    energy = column_energy(r, axes[1])
    return jnp.sqrt(jax.lax.psum(jnp.sum(energy), axes))


def main(u, f):
    mesh = jax.make_mesh((2, 4), ("x", "y"))
    spec = P("x", "y")
    u = jax.device_put(u, NamedSharding(mesh, spec))
    f = jax.device_put(f, NamedSharding(mesh, spec))
    fn = jax.shard_map(lambda u, f: residual_norm(u, f, mesh.axis_names), mesh=mesh,
                       in_specs=(spec, spec), out_specs=P())
    return fn(u, f)
