"""Tensor-parallel LLM inference with a KV cache: the cache is split over 'tp' along the
sequence; keys are gathered (reduced) for the attention scores, which go through softmax."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TP = "tp"


@functools.partial(jax.jit, static_argnames=("axis",))
def attend(q, k_cache, v_cache, axis=TP):
    def body(q, k, v):
        scores = q @ k.T
        scores = jax.lax.all_gather(scores, axis, axis=1, tiled=True, to="reduced")
        probs = jax.nn.softmax(scores, axis=-1)
        v_all = jax.lax.all_gather(v, axis, axis=0, tiled=True, to="invarying")
        return probs @ v_all
    mesh = jax.sharding.get_abstract_mesh()
    return jax.shard_map(body, mesh=mesh, in_specs=(P(), P(axis), P(axis)), out_specs=P())(q, k_cache, v_cache)


def inputs():
    q = np.ones((2, 4), np.float32) / 2.0
    k = np.arange(16 * 4, dtype=np.float32).reshape(16, 4) / 64.0
    v = np.ones((16, 4), np.float32)
    return q, k, v


def main(q, k, v):
    mesh = jax.make_mesh((8,), (TP,))
    with jax.set_mesh(mesh):
        q = jax.device_put(q, NamedSharding(mesh, P()))
        k = jax.device_put(k, NamedSharding(mesh, P(TP)))
        v = jax.device_put(v, NamedSharding(mesh, P(TP)))
        return attend(q, k, v)


if __name__ == "__main__":
    print(main(*inputs()))
