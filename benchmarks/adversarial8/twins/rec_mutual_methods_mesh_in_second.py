"""Method export calls _enter, which enters the mesh and calls export again; the gather runs on the second round."""
import contextlib
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Exporter:
    def __init__(self, mesh):
        self.mesh = mesh

    def export(self, w, meshed=False):
        if not meshed:
            return self._enter(w)
        return top_level_all_gather(w, P(None, "model", reduced={"data"}))

    def _enter(self, w):
        with contextlib.nullcontext(self.mesh):
            return self.export(w, meshed=True)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    return Exporter(mesh).export(w)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
