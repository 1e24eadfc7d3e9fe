"""Dendritic growth: tip positions collected along the growth direction after each sweep."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GROWTH = {"axis": "cols", "undercooling": 0.3}


def tip_field(phi, cfg=GROWTH):
    solid = jnp.tanh(4.0 * phi)
    return jax.lax.all_gather(solid, cfg["axis"], axis=1, tiled=True, to="reduced")


def tip_positions(phi, cfg=GROWTH):
    field = tip_field(phi, cfg)
    column_solid = jnp.sum(field, axis=0)
    return jax.lax.all_gather(column_solid, cfg["axis"], tiled=True, to="invarying")


def inputs():
    rng = np.random.default_rng(62)
    return (rng.uniform(-1.0, 1.0, (8, 16)).astype(np.float32),)


def main(phi):
    mesh = jax.make_mesh((2, 4), ("rows", GROWTH["axis"]))
    phi = jax.device_put(phi, NamedSharding(mesh, P("rows", "cols")))
    return jax.shard_map(tip_positions, mesh=mesh, in_specs=P("rows", "cols"),
                         out_specs=P("rows"))(phi)


if __name__ == "__main__":
    main(*inputs())
