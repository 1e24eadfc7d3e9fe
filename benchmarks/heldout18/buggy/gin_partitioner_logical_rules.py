"""T5X-like partitioner: logical axis rules from a config; params unsharded for a decode step."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

LOGICAL_AXIS_RULES = (("vocab", ("data", "model")), ("embed", None), ("heads", "model"))
mesh = jax.make_mesh((2, 4), ("data", "model"))


def rule(name, rules=LOGICAL_AXIS_RULES):
    return dict(rules)[name]


def decode_logits(h, emb):
    # emb: [vocab, embed], vocab split over ('data', 'model')
    tp_full = jax.lax.all_gather(emb, "model", axis=0, tiled=True, to="reduced")
    full = jax.lax.all_gather(tp_full, rule("vocab"), axis=0, tiled=True, to="reduced")
    return h @ full.T


def inputs():
    emb = jnp.cos(jnp.arange(32 * 4, dtype=jnp.float32)).reshape(32, 4)
    h = jnp.ones((8, 4))
    return (jax.device_put(h, NamedSharding(mesh, P(rule("vocab")))),
            jax.device_put(emb, NamedSharding(mesh, P(rule("vocab"), rule("embed")))))


def main(h, emb):
    return jax.shard_map(decode_logits, mesh=mesh, in_specs=(P(rule("vocab")), P(rule("vocab"), None)),
                         out_specs=P(rule("vocab")))(h, emb)
