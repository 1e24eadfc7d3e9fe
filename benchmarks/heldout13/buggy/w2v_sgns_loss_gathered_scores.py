"""Skip-gram negative-sampling loss where the positive scores of all shards are gathered
first so every shard can log the full score vector."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def sgns_loss(u, v, neg):
    pos = jnp.sum(u * v, axis=-1)
    scores = jax.lax.all_gather(pos, "pairs", tiled=True, to="reduced")
    pos_term = -jax.nn.log_sigmoid(scores)
    neg_term = -jax.nn.log_sigmoid(-jnp.einsum("bd,bkd->bk", u, neg)).sum(-1)
    return pos_term, neg_term


def main(u, v, neg, mesh):
    s = NamedSharding(mesh, P("pairs"))
    u, v, neg = (jax.device_put(a, s) for a in (u, v, neg))
    fn = jax.shard_map(sgns_loss, mesh=mesh, in_specs=(P("pairs"),) * 3,
                       out_specs=(P(None, reduced={"pairs"}), P("pairs")))
    return fn(u, v, neg)


def inputs():
    mesh = jax.make_mesh((8,), ("pairs",))
    k1, k2, k3 = jax.random.split(jax.random.key(24), 3)
    return (jax.random.normal(k1, (16, 4)), jax.random.normal(k2, (16, 4)),
            jax.random.normal(k3, (16, 3, 4)), mesh)
