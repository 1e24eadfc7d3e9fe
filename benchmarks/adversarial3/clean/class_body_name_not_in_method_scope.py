"""A class body binds GATHER too, but methods see the MODULE constant (class bodies are not enclosing scopes)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER = "model"


class Sharder:
    GATHER = "data"   # the class default for subclasses; the method below uses the module setting

    def __init__(self, mesh):
        self.mesh = mesh

    def run(self, w):
        def step(w):
            return jnp.tanh(jax.lax.all_gather(w, GATHER, to="reduced", tiled=True, axis=1))

        return jax.shard_map(step, mesh=self.mesh, in_specs=P(None, "model"),
                             out_specs=P(None, None, reduced={"model"}))(w)


def inputs():
    return (np.ones((8, 8), np.float32),)


def main(w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "model")))
    return float(np.asarray(Sharder(mesh).run(w)).sum())


if __name__ == "__main__":
    print(main(*inputs()))
