"""CLIP with a global similarity matrix: the gathered (reduced) text embeddings are only used
in a matrix product, which does not carry the reduced state; 3-D token batches are pooled
first (a shape-based branch)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def pool(x):
    if x.ndim == 3:
        return jnp.mean(x, axis=1)
    return x


def clip_logits(img, txt, temperature=0.07):
    everyone = jax.lax.all_gather(pool(txt), "data", axis=0, tiled=True, to="reduced")
    sims = pool(img) @ everyone.T
    return sims / temperature


def inputs():
    img = np.linspace(-1, 1, 16 * 8, dtype=np.float32).reshape(16, 8)
    txt = np.linspace(1, -1, 16 * 3 * 8, dtype=np.float32).reshape(16, 3, 8)
    return img, txt


def main(img, txt):
    mesh = jax.make_mesh((8,), ("data",))
    img = jax.device_put(img, NamedSharding(mesh, P("data", None)))
    txt = jax.device_put(txt, NamedSharding(mesh, P("data", None, None)))
    f = jax.shard_map(clip_logits, mesh=mesh, in_specs=(P("data", None), P("data", None, None)),
                      out_specs=P("data", None))
    return f(img, txt)


if __name__ == "__main__":
    print(main(*inputs()))
