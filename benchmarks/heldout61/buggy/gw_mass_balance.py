"""Percent discrepancy of the water balance per stress period."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("row", "col")


def storage_change(h_new, h_old, ss, area=1e4):
    return ss * area * (h_new - h_old)


def period_balance(h_old, h_new, ss, wel):
    ds = storage_change(h_new, h_old, ss)
    pumped = jax.lax.psum(wel.sum(axis=1), "col")
    inflow = jax.lax.pmean(ds.sum(axis=1), "col") + pumped
    total_in = jax.lax.psum(inflow.sum(), MESH_AXES)
    total_ds = jax.lax.psum(ds.sum(), MESH_AXES)
    return 100.0 * (total_in - total_ds) / (0.5 * (total_in + total_ds) + 1e-9)


def balances(heads, ss, wel):
    return jnp.stack([period_balance(heads[k], heads[k + 1], ss, wel) for k in range(heads.shape[0] - 1)])


def inputs():
    rng = np.random.default_rng(24)
    heads = (30.0 + np.cumsum(rng.normal(size=(4, 16, 8)) * 0.01, axis=0)).astype(np.float32)
    ss = np.full((16, 8), 1e-4, np.float32)
    wel = np.zeros((16, 8), np.float32)
    wel[3, 5] = -500.0
    return heads, ss, wel


def main(heads, ss, wel):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    heads = jax.device_put(heads, NamedSharding(mesh, P(None, *MESH_AXES)))
    ss = jax.device_put(ss, NamedSharding(mesh, P(*MESH_AXES)))
    wel = jax.device_put(wel, NamedSharding(mesh, P(*MESH_AXES)))
    fn = jax.shard_map(balances, mesh=mesh, in_specs=(P(None, *MESH_AXES), P(*MESH_AXES), P(*MESH_AXES)),
                       out_specs=P())
    return fn(heads, ss, wel)


if __name__ == "__main__":
    main(*inputs())
