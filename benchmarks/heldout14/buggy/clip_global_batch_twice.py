"""CLIP with a global similarity matrix: text embeddings of the local batch are gathered
from the data replicas; the whole text tower output is gathered again over both mesh
axes to build the similarity matrix on every device."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def global_batch(x, axes):
    return jax.lax.all_gather(x, axes, axis=0, tiled=True, to="reduced")


def text_tower(tokens, emb):
    return jnp.tanh(jnp.take(emb, tokens, axis=0).mean(axis=1))


def similarity_inputs(tokens, emb):
    txt = text_tower(tokens, emb)
    negatives = global_batch(txt, ("data",))
    table = global_batch(negatives, ("data", "model"))
    return table


def inputs():
    tokens = (np.arange(16 * 6) % 32).reshape(16, 6).astype(np.int32)
    return tokens, np.linspace(-1, 1, 32 * 8, dtype=np.float32).reshape(32, 8)


def main(tokens, emb):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(("data", "model"))))
    emb = jax.device_put(emb, NamedSharding(mesh, P()))
    f = jax.shard_map(similarity_inputs, mesh=mesh, in_specs=(P(("data", "model")), P()),
                      out_specs=P(None, None, reduced={"data", "model"}))
    return f(tokens, emb)


if __name__ == "__main__":
    print(main(*inputs()))
