"""Early-exit transformer (CALM-like): a sequence exits at a layer only when every token of it
is confident; the decision is shared with all sequence shards."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def exit_decision(hidden, w_conf, threshold=0.9, seq_axis="seq"):
    conf = jax.nn.sigmoid(hidden @ w_conf)[..., 0]
    least = jax.lax.pmin(jnp.min(conf, axis=-1, keepdims=True), seq_axis)
    exits = jax.lax.all_gather(least >= threshold, seq_axis, axis=-1, tiled=True,
                               to="reduced")
    return exits


def main(hidden, w_conf, mesh):
    hidden = jax.device_put(hidden, NamedSharding(mesh, P("batch", "seq", None)))
    w_conf = jax.device_put(w_conf, NamedSharding(mesh, P()))
    fn = jax.shard_map(exit_decision, mesh=mesh, in_specs=(P("batch", "seq", None), P()),
                       out_specs=P("batch", None, reduced={"seq"}))
    return fn(hidden, w_conf)


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "seq"))
    k1, k2 = jax.random.split(jax.random.key(36))
    return jax.random.normal(k1, (4, 16, 8)), jax.random.normal(k2, (8, 1)), mesh
