"""Mixture of layer skipping with sequence parallelism: tokens that exit early skip the MLP;
the block output is reduce-scattered back to the sequence shards."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

SEQ = "seq"


def block(x, w_in, w_out, keep):
    full = jax.lax.all_gather(x, SEQ, axis=0, tiled=True, to="reduced")
    h = jnp.tanh(full)
    mixed = jnp.where(keep[:, None], h, full)
    out = jax.lax.psum_scatter(mixed, SEQ, scatter_dimension=0, tiled=True)
    return out + jax.nn.relu(x @ w_in) @ w_out


def main(x, w_in, w_out, keep, mesh):
    x = jax.device_put(x, NamedSharding(mesh, P(SEQ)))
    w_in, w_out, keep = (jax.device_put(a, NamedSharding(mesh, P())) for a in (w_in, w_out, keep))
    fn = jax.shard_map(block, mesh=mesh, in_specs=(P(SEQ), P(), P(), P()), out_specs=P(SEQ))
    return fn(x, w_in, w_out, keep)


def inputs():
    mesh = jax.make_mesh((8,), (SEQ,))
    k1, k2, k3 = jax.random.split(jax.random.key(38), 3)
    keep = jnp.arange(16) % 2 == 0
    return (jax.random.normal(k1, (16, 4)), jax.random.normal(k2, (4, 8)),
            jax.random.normal(k3, (8, 4)), keep, mesh)
