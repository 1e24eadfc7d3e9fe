import jax
import numpy as np
from jax.sharding import PartitionSpec as P

TRAIN = P(("data", "model"), None)
SERVE = P("model", None)


def to_serving(x):
    x = jax.reshard(x, TRAIN)
    return jax.reshard(x, SERVE)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(16, 2),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with jax.set_mesh(mesh):
        return to_serving(x)


if __name__ == "__main__":
    print(main(*inputs()))
