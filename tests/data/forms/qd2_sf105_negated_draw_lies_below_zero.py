"""A drawn step size `lr` lies in [0.1, 0.5]; the planner tests its negation, `-lr`, which lies in
[-0.5, -0.1]: `-lr < 0` holds for every draw, so both mesh axes are kept and the psum of a value
varying on "data" only raises (the negation is not the drawn number itself)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def plan_axes():
    lr = np.random.default_rng().uniform(0.1, 0.5)
    step = -lr
    return ("data", "model") if step < 0 else ("data",)


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    axes = plan_axes()
    return reduce(mesh, x, axes)


if __name__ == "__main__":
    main()
