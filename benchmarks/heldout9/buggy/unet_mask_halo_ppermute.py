"""Boundary-aware loss of a spatially partitioned U-Net: the label mask is brought to full
height for a border map, and each shard's last mask row is sent to its neighbour (halo)."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "spatial"))


def neighbours(axis):
    n = mesh.shape[axis]
    perm = []
    for i in range(n - 1):
        perm.append((i, i + 1))
    return perm


def boundary_loss(logits, mask):
    full_mask = jax.lax.all_gather(mask, "spatial", axis=1, tiled=True, to="reduced")
    last_row = full_mask[:, -1:, :]
    halo = jax.lax.ppermute(last_row, "spatial", neighbours("spatial"))
    edge = (mask[:, :1, :] != halo).astype(jnp.float32)
    return jnp.mean(edge * jnp.sum(logits, axis=-1)[:, :1, :], axis=(1, 2))


def main(logits, mask):
    f = jax.shard_map(boundary_loss, mesh=mesh,
                      in_specs=(P("data", "spatial", None, None), P("data", "spatial", None)),
                      out_specs=P(("data", "spatial")))
    return f(jax.device_put(logits, NamedSharding(mesh, P("data", "spatial", None, None))),
             jax.device_put(mask, NamedSharding(mesh, P("data", "spatial", None))))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(42))
    return jax.random.normal(k1, (2, 8, 8, 3)), jax.random.randint(k2, (2, 8, 8), 0, 3)
