"""Multi-task classification heads, each with a class-sharded output layer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

HEADS = {"topic": 0, "sentiment": 1}


def head_logprobs(h, w):
    logits = jax.lax.all_gather(h @ w, "cls", axis=1, tiled=True, to="reduced")
    shift = jax.lax.pmax(logits, "cls")
    return jnp.max(shift, axis=1)


def heads(h, w_heads):
    return {name: head_logprobs(h, w_heads[i]) for name, i in HEADS.items()}


def inputs():
    r = np.random.RandomState(52)
    return r.randn(8, 16).astype(np.float32), r.randn(2, 16, 32).astype(np.float32)


def main(h, w_heads):
    mesh = jax.make_mesh((2, 4), ("batch", "cls"))
    h = jax.device_put(h, NamedSharding(mesh, P("batch", None)))
    w_heads = jax.device_put(w_heads, NamedSharding(mesh, P(None, None, "cls")))
    return jax.shard_map(heads, mesh=mesh, in_specs=(P("batch", None), P(None, None, "cls")),
                         out_specs={k: P("batch") for k in HEADS})(h, w_heads)


if __name__ == "__main__":
    print(main(*inputs()))
