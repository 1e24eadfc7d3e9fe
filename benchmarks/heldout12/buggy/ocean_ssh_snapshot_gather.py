"""Shallow ocean model on a 2-D decomposed basin: sea-surface height over (ox, oy) tiles."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

GRAVITY = 9.81
DT = 0.01


def halo_east(field, axis, n):
    edge = field[:, -1:]
    return jax.lax.ppermute(edge, axis, [(i, (i + 1) % n) for i in range(n)])


def step(ssh, n_oy):
    west = halo_east(ssh, "oy", n_oy)
    grad = jnp.concatenate([west, ssh], axis=1)[:, 1:] - jnp.concatenate([west, ssh], axis=1)[:, :-1]
    return ssh - DT * GRAVITY * grad


def main(mesh, ssh):
    n_oy = mesh.shape["oy"]

    def body(ssh):
        ssh = step(ssh, n_oy)
        zonal = jax.lax.all_gather(ssh, "oy", axis=1, tiled=True, to="reduced")
        zonal_mean = jnp.sum(zonal, axis=1, keepdims=True)
        snapshot = jax.lax.all_gather(zonal, ("ox", "oy"), axis=0, tiled=True, to="reduced")
        return ssh, zonal_mean, snapshot

    f = jax.shard_map(body, mesh=mesh, in_specs=P("ox", "oy"),
                      out_specs=(P("ox", "oy"), P("ox", None, reduced={"oy"}),
                                 P(None, None, reduced={"ox", "oy"})))
    return f(ssh)


def inputs():
    mesh = jax.make_mesh((2, 4), ("ox", "oy"))
    ssh = jnp.sin(jnp.linspace(0, 3.14, 16 * 16)).reshape(16, 16)
    return mesh, jax.device_put(ssh, NamedSharding(mesh, P("ox", "oy")))
