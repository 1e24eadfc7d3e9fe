"""Soft bounds on the ensemble's predicted log-variance (the PETS max/min logvar trick)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MAX_LOGVAR = 0.5
MIN_LOGVAR = -10.0


def bounded_logvar(raw, member_axis="member"):
    pooled = jax.lax.all_gather(raw, member_axis, axis=1, tiled=True, to="reduced")
    logvar = jnp.clip(pooled, MIN_LOGVAR, MAX_LOGVAR)
    return logvar


def inputs():
    return (np.linspace(-12.0, 2.0, 64 * 8, dtype=np.float32).reshape(64, 8),)


def main(raw):
    mesh = jax.make_mesh((2, 4), ("member", "batch"))
    raw = jax.device_put(raw, NamedSharding(mesh, P("batch", "member")))
    return jax.shard_map(bounded_logvar, mesh=mesh, in_specs=P("batch", "member"),
                         out_specs=P("batch", None))(raw)


if __name__ == "__main__":
    main(*inputs())
