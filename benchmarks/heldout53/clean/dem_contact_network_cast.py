"""DEM force-chain analysis: per-slab table cast back to varying before the network-wide gather."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"mesh": {"axes": ["slab", "bin"], "shape": [2, 4]}, "stiffness": 5.0e3}


def contact_table(overlap, *, axes, stiffness):
    slab, _ = axes
    force = stiffness * jnp.maximum(overlap, 0.0) ** 1.5
    per_slab = jax.lax.all_gather(force, slab, axis=0, tiled=True, to="reduced")
    per_slab = jax.lax.pcast(per_slab, slab, to="varying")
    return jax.lax.all_gather(per_slab, axes, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(90)
    return (rng.uniform(-1.0e-3, 1.0e-3, (8, 16)).astype(np.float32),)


def main(overlap):
    axes = tuple(CONFIG["mesh"]["axes"])
    mesh = jax.make_mesh(tuple(CONFIG["mesh"]["shape"]), axes)
    overlap = jax.device_put(overlap, NamedSharding(mesh, P(*axes)))
    body = functools.partial(contact_table, axes=axes, stiffness=CONFIG["stiffness"])
    return jax.shard_map(body, mesh=mesh, in_specs=P(*axes),
                         out_specs=P(None, None, reduced=set(axes)))(overlap)


if __name__ == "__main__":
    main(*inputs())
