"""Skew-angle histogram of scanned pages with functional-collective helpers (funcol port)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("node", "local"))
GROUPS = {"inter": "node", "intra": "local"}
REDUCE_OPS = {"sum": jax.lax.psum, "avg": jax.lax.pmean, "max": jax.lax.pmax}


def all_reduce(t, reduceOp, group):
    return REDUCE_OPS[reduceOp.lower()](t, GROUPS[group])


def all_gather_tensor(t, gather_dim, group, requires_grad_sync=False):
    mode = "reduced" if requires_grad_sync else "varying"
    return jax.lax.all_gather(t, GROUPS[group], axis=gather_dim, tiled=True, to=mode)


def skew_histogram(angles, bins=12):
    edges = jnp.linspace(-15.0, 15.0, bins + 1)
    idx = jnp.clip(jnp.searchsorted(edges, angles) - 1, 0, bins - 1)
    return jnp.zeros((bins,)).at[idx.reshape(-1)].add(1.0)


def page_skew(angles):
    hist = skew_histogram(angles)
    hist = all_reduce(hist, "SUM", "inter")
    per_local = all_gather_tensor(hist[None], 0, "inter", requires_grad_sync=True)
    return per_local


def inputs():
    rng = np.random.default_rng(60)
    angles = rng.normal(scale=4.0, size=(8, 32)).astype(np.float32)
    return (jax.device_put(angles, NamedSharding(MESH, P("node", "local"))),)


def main(angles):
    fn = jax.shard_map(page_skew, mesh=MESH, in_specs=P("node", "local"),
                       out_specs=P("local", None, reduced={"node"}))
    print("skew histograms:", fn(angles).shape)


if __name__ == "__main__":
    main(*inputs())
