"""`checkpoint_and_stop` always raises the program's StopTraining after saving the first result,
so the second call, over ("data", "model"), is never reached."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class StopTraining(Exception):
    pass


def checkpoint_and_stop(result):
    jax.block_until_ready(result)
    raise StopTraining


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def train(mesh, x):
    checkpoint_and_stop(reduce(mesh, x, ("data",)))
    return reduce(mesh, x, ("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    try:
        return train(mesh, x)
    except StopTraining:
        return None


if __name__ == "__main__":
    main()
