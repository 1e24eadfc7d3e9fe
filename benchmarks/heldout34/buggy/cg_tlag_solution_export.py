"""Write the converged CG solution to a checkpoint laid out for the post-processing mesh."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class PoissonProblem:
    def __init__(self, n, nrhs, mesh):
        self.n, self.nrhs, self.mesh = n, nrhs, mesh

    @functools.cached_property
    def solution_spec(self):
        return P(("dom", "rhs"), None)

    @functools.cached_property
    def checkpoint_spec(self):
        return P("rhs", None)

    def place(self, host):
        return jax.make_array_from_callback(
            host.shape, NamedSharding(self.mesh, self.solution_spec), lambda idx: host[idx])


def export(problem, x):
    with jax.set_mesh(problem.mesh):
        return top_level_all_gather(x, problem.checkpoint_spec)


def main(x):
    mesh = jax.make_mesh((4, 2), ("dom", "rhs"))
    problem = PoissonProblem(*x.shape, mesh)
    return export(problem, problem.place(x))


def inputs():
    return (np.linspace(0.0, 1.0, 64 * 4, dtype=np.float32).reshape(64, 4),)
