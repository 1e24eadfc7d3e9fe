import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

HEADS = "heads"


def attention_probs(scores):
    full = lax.all_gather(scores, HEADS, axis=-1, tiled=True)
    return jax.nn.softmax(full * 0.5, axis=-1)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 64,)


def main(scores):
    mesh = jax.make_mesh((2, 4), ("batch", HEADS))
    scores = jax.device_put(scores, NamedSharding(mesh, P("batch", HEADS)))
    f = jax.shard_map(attention_probs, mesh=mesh, in_specs=P("batch", HEADS), out_specs=P("batch", HEADS))
    return f(scores)


if __name__ == "__main__":
    print(main(*inputs()))
