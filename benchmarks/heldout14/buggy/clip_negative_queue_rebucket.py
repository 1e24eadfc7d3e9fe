"""CLIP with a memory queue of negatives (MoCo-style): the gathered text embeddings are
enqueued, and the queue re-bucketed so that each replica keeps one slice of it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class NegativeQueue:
    def __init__(self, axis="replica", size=4):
        self.axis = axis
        self.size = size

    def gather(self, txt):
        return jax.lax.all_gather(txt, self.axis, axis=0, tiled=True, to="reduced")

    def enqueue(self, everyone):
        return jax.lax.all_to_all(everyone, self.axis, 0, 0, tiled=True)

    def __call__(self, img, txt):
        everyone = self.gather(txt)
        sims = img @ everyone.T
        return sims, self.enqueue(everyone)


def inputs():
    img = np.linspace(-1, 1, 8 * 8, dtype=np.float32).reshape(8, 8)
    txt = np.linspace(1, -1, 8 * 8, dtype=np.float32).reshape(8, 8)
    return img, txt


def main(img, txt):
    mesh = jax.make_mesh((8,), ("replica",))
    img, txt = (jax.device_put(a, NamedSharding(mesh, P("replica", None))) for a in (img, txt))
    f = jax.shard_map(NegativeQueue(), mesh=mesh, in_specs=(P("replica", None), P("replica", None)),
                      out_specs=(P("replica", None), P("replica", None)))
    return f(img, txt)


if __name__ == "__main__":
    print(main(*inputs()))
