"""SPH halo exchange: ghost particles gathered per column, then for the whole domain."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

DOMAIN = {"mesh": {"cell": 4, "column": 2}, "halo_width": 2}


def halo(pos, width):
    return jnp.concatenate([pos[:width], pos[-width:]], axis=0)


def column_halo(pos, axis):
    return jax.lax.all_gather(halo(pos, DOMAIN["halo_width"]), axis, to="reduced", tiled=True)


def domain_halo(pos):
    axes = tuple(DOMAIN["mesh"])
    ghosts = column_halo(pos, axes[1])
    return jax.lax.all_gather(ghosts, axes, to="reduced", tiled=True)


def inputs():
    mesh = jax.make_mesh(tuple(DOMAIN["mesh"].values()), tuple(DOMAIN["mesh"]))
    pos = jnp.arange(32 * 6 * 3, dtype=jnp.float32).reshape(32, 6, 3) * 0.01
    return mesh, jax.device_put(pos, NamedSharding(mesh, P(*DOMAIN["mesh"], None)))


def main(mesh, pos):
    return jax.shard_map(domain_halo, mesh=mesh, in_specs=P("cell", "column", None),
                         out_specs=P(None, None, None, reduced={"cell", "column"}))(pos)
