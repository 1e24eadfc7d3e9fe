"""D2Q9 lattice Boltzmann collision; the conserved mass is logged as a reduced history."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

W = jnp.array([4 / 9] + [1 / 9] * 4 + [1 / 36] * 4)
TAU = 0.7


def bgk(f):
    rho = f.sum(-1, keepdims=True)
    return f - (f - rho * W) / TAU


def main(mesh, f):
    def body(f):
        f = bgk(f)
        mass = jax.lax.psum(f.sum(), ("sx", "sy"))
        mass = jax.lax.pcast(mass[None], "sx", to="varying")
        log = jax.lax.all_gather(mass, "sx", axis=0, tiled=True, to="reduced")
        return f, log

    step = jax.shard_map(body, mesh=mesh, in_specs=P("sx", "sy", None),
                         out_specs=(P("sx", "sy", None), P(None, reduced={"sx"})))
    return jax.jit(step)(f)


def inputs():
    mesh = jax.make_mesh((2, 4), ("sx", "sy"))
    f = jnp.ones((8, 16, 9)) * W
    return mesh, jax.device_put(f, NamedSharding(mesh, P("sx", "sy", None)))
