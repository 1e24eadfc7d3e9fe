"""Logprob post-processing plugins of a serving engine, looked up by name."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("replica", "tensor"))
OUTPUT_PROCESSORS = {}


def register_processor(name):
    def wrap(cls):
        OUTPUT_PROCESSORS[name] = cls
        return cls
    return wrap


@register_processor("full_vocab")
class FullVocabLogprobs:
    axes = ("replica", "tensor")

    def __call__(self, logits):
        lp = jax.nn.log_softmax(logits, axis=-1)
        per_replica = jax.lax.all_gather(lp, self.axes[0], to="reduced", tiled=True)
        return jax.lax.all_gather(per_replica, self.axes, to="reduced", tiled=True, axis=1)


def inputs():
    logits = jax.random.normal(jax.random.key(0), (8, 16))
    return (jax.device_put(logits, NamedSharding(MESH, P("replica", "tensor"))),)


def main(logits, processor="full_vocab"):
    proc = OUTPUT_PROCESSORS[processor]()
    fn = jax.shard_map(proc, mesh=MESH, in_specs=P("replica", "tensor"),
                       out_specs=P(None, None, reduced={"replica", "tensor"}))
    return fn(logits)
