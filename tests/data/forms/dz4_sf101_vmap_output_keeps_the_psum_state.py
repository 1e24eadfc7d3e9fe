"""A per-point function named by the config (found by `globals()[...]`, as instantiate finds a
`_target_`) is mapped over the block with `jax.vmap` inside the body and sums each point's
features over 'j': what the map returns is invariant on 'j' (its slices' states, and psum's
result under vmap, are what they are without the map), and gathering it to reduced over 'j'
is what JAX rejects."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


CONFIG = {"point_fn": "per_point"}  # a Hydra-style `_target_`: the function named by the config
AXIS = "j"


def per_point(row):
    return jax.lax.psum(jnp.sin(row) ** 2, AXIS)


def body(x):
    energy = jax.vmap(globals()[CONFIG["point_fn"]])(x)
    return jax.lax.all_gather(energy, AXIS, axis=1, tiled=True, to="reduced")  # SF101


def main():
    mesh = jax.make_mesh((2, 4), ("i", AXIS))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", AXIS)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", AXIS), out_specs=P("i", None, reduced={AXIS}))(x)


if __name__ == "__main__":
    main()
