"""Context-parallel attention probabilities over the full key length."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "cp"))

ATTN_IMPLS = {}


def attention_impl(name):
    def deco(cls):
        ATTN_IMPLS[name] = cls
        return cls
    return deco


@attention_impl("allgather")
class AllGatherAttention:
    kv_axis = "cp"

    def __init__(self, scale):
        self.scale = scale

    def gather_keys(self, k):
        return jax.lax.all_gather(k, self.kv_axis, axis=0, tiled=True)

    def key_weights(self, k):
        keys = self.gather_keys(k)
        return jax.nn.softmax(keys, axis=0)

    def probs(self, q, k):
        return self.key_weights(k), q * self.scale


def inputs():
    q = jnp.ones((32, 4), jnp.float32)
    k = jnp.linspace(0.0, 1.0, 32 * 4, dtype=jnp.float32).reshape(32, 4)
    s = NamedSharding(MESH, P("cp", None))
    return (jax.device_put(q, s), jax.device_put(k, s))


def main(q, k):
    impl = ATTN_IMPLS["allgather"](scale=0.5)
    fn = jax.shard_map(impl.probs, mesh=MESH, in_specs=(P("cp", None), P("cp", None)),
                       out_specs=(P("cp", None), P("cp", None)))
    return fn(q, k)


if __name__ == "__main__":
    main(*inputs())
