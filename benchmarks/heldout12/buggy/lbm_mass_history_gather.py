"""D2Q9 lattice Boltzmann step on a 2-D decomposed grid; total mass logged per step."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

W = jnp.array([4 / 9] + [1 / 9] * 4 + [1 / 36] * 4)
C = jnp.array([[0, 0], [1, 0], [0, 1], [-1, 0], [0, -1], [1, 1], [-1, 1], [-1, -1], [1, -1]])
TAU = 0.6


def equilibrium(rho, u):
    cu = jnp.einsum("qd,xyd->xyq", C.astype(jnp.float32), u)
    usq = jnp.sum(u * u, axis=-1, keepdims=True)
    return rho[..., None] * W * (1 + 3 * cu + 4.5 * cu ** 2 - 1.5 * usq)


def collide(f):
    rho = f.sum(-1)
    u = jnp.einsum("xyq,qd->xyd", f, C.astype(jnp.float32)) / rho[..., None]
    return f - (f - equilibrium(rho, u)) / TAU


def main(mesh, f):
    def body(f):
        f = collide(f)
        mass = jax.lax.psum(f.sum(), ("sx", "sy"))
        log = jax.lax.all_gather(mass[None], "sx", axis=0, tiled=True, to="reduced")
        return f, log

    step = jax.shard_map(body, mesh=mesh, in_specs=P("sx", "sy", None),
                         out_specs=(P("sx", "sy", None), P(None, reduced={"sx"})))
    return jax.jit(step)(f)


def inputs():
    mesh = jax.make_mesh((2, 4), ("sx", "sy"))
    f = jnp.ones((8, 16, 9)) * W
    return mesh, jax.device_put(f, NamedSharding(mesh, P("sx", "sy", None)))
