"""Ocean basin diagnostics: zonal and meridional sections each gathered from the tile."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, ssh):
    def body(ssh):
        zonal = jax.lax.all_gather(ssh, "oy", axis=1, tiled=True, to="reduced")
        meridional = jax.lax.all_gather(ssh, "ox", axis=0, tiled=True, to="reduced")
        whole = jax.lax.all_gather(ssh, ("ox", "oy"), axis=0, tiled=True, to="reduced")
        return zonal, meridional, whole

    f = jax.shard_map(body, mesh=mesh, in_specs=P("ox", "oy"),
                      out_specs=(P("ox", None, reduced={"oy"}), P(None, "oy", reduced={"ox"}),
                                 P(None, None, reduced={"ox", "oy"})))
    return f(ssh)


def inputs():
    mesh = jax.make_mesh((2, 4), ("ox", "oy"))
    ssh = jnp.linspace(0, 1, 256).reshape(16, 16)
    return mesh, jax.device_put(ssh, NamedSharding(mesh, P("ox", "oy")))
