"""Evaluation: gathered confidences; only their max is compared with a threshold."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

THRESHOLD = 0.5


def eval_step(logits, axis="eval"):
    conf = jnp.max(jax.nn.softmax(logits, -1), axis=-1)
    conf = jax.lax.all_gather(conf, axis, tiled=True, to="reduced")
    top = jnp.max(conf)
    return {"confidence_sum": jnp.sum(conf), "any_confident": top > THRESHOLD}


def inputs():
    mesh = jax.make_mesh((8,), ("eval",))
    return mesh, jax.device_put(jax.random.normal(jax.random.key(11), (16, 5)), NamedSharding(mesh, P("eval")))


def main(mesh, logits):
    return jax.shard_map(eval_step, mesh=mesh, in_specs=P("eval"),
                         out_specs={"confidence_sum": P(reduced={"eval"}), "any_confident": P()})(logits)
