# Score-based generative modelling tutorial: evaluate the learned score on a grid and gather it.
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("batch", "feat"))
params = {"w1": np.full((8, 8), 0.1, np.float32), "b1": np.zeros((8,), np.float32)}
param_specs = {"w1": P(None, "feat"), "b1": P("feat")}


def score_fn(p, x, sigma):
    return jnp.tanh(x @ p["w1"] + p["b1"]) / sigma ** 2


def gather_field(s):
    s = jax.lax.all_gather(s, "batch", axis=0, to="reduced", tiled=True)
    s = jax.lax.all_gather(s, ("feat", "batch"), axis=1, to="reduced", tiled=True)
    return s


def inputs():
    xs = np.linspace(-2, 2, 16 * 8, dtype=np.float32).reshape(16, 8)
    return (xs,)


def main(grid):
    grid = jax.device_put(grid, NamedSharding(mesh, P("batch", None)))
    p = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, param_specs)
    field = jax.shard_map(lambda p, x: gather_field(score_fn(p, x, 0.5)), mesh=mesh,
                          in_specs=(param_specs, P("batch", None)), out_specs=P(None, None, reduced={"batch", "feat"}))
    return field(p, grid)


if __name__ == "__main__":
    main(*inputs())
