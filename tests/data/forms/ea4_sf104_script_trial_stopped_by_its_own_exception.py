import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class StopTrial(Exception):
    """Raised by report() when the scheduler stops a trial."""


def report(step, limit):
    if step >= limit:
        raise StopTrial(step)


def train(config):
    try:
        for step in range(4):
            report(step, config["limit"])
    except ValueError:
        config["spec"] = P("i", None, reduced={"j"})


def main():
    config = {"limit": 2, "spec": P("i", None)}
    try:
        train(config)
    except StopTrial:
        pass
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    kernel = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    step = jax.jit(lambda k: k * 0.5)
    with jax.set_mesh(mesh):
        kernel = step(kernel)
        return top_level_all_gather(kernel, config["spec"])  # SF104


if __name__ == "__main__":
    main()
