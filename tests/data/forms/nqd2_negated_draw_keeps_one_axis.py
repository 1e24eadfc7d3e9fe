"""`-lr` of a step size drawn in [0.1, 0.5] is below 0 for every draw, so the planner keeps
("data",) and the psum runs: the negation is not read with the drawn number's interval."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def plan_axes():
    lr = np.random.default_rng().uniform(0.1, 0.5)
    return ("data",) if -lr < 0 else ("data", "model")


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    axes = plan_axes()
    return reduce(mesh, x, axes)


if __name__ == "__main__":
    main()
