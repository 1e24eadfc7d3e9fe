"""Auxiliary particle filter: first-stage weights from the predicted volatility, pooled for export."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_FILTERS, N_PARTICLES = 4, 32
MU, PHI, SIGMA = -1.0, 0.95, 0.25


def predicted_state(x):
    return MU + PHI * (x - MU)


def first_stage_logw(x, y_next):
    x_hat = predicted_state(x)
    return -0.5 * (x_hat + y_next * y_next * jnp.exp(-x_hat))


def gather_particles(x, mesh, dim):
    return jax.lax.all_gather(x, axis_name=mesh.axis_names[1], axis=dim, tiled=True, to="reduced")


def gather_all(x, mesh, dim):
    return jax.lax.all_gather(x, axis_name=tuple(mesh.axis_names), axis=dim, tiled=True, to="reduced")


def make_stage(mesh):
    def stage(x, y_next):
        logw = first_stage_logw(x, y_next)
        per_filter = gather_particles(logw, mesh, 1)
        return gather_all(per_filter, mesh, 0)
    return stage


def inputs():
    rng = np.random.default_rng(51)
    return rng.normal(-1.0, 0.5, (N_FILTERS, N_PARTICLES)).astype(np.float32), np.float32(0.4)


def main(x, y_next):
    mesh = jax.make_mesh((2, 4), ("filter", "particle"))
    x = jax.device_put(x, NamedSharding(mesh, P("filter", "particle")))
    y_next = jax.device_put(y_next, NamedSharding(mesh, P()))
    weights = jax.shard_map(make_stage(mesh), mesh=mesh, in_specs=(P("filter", "particle"), P()),
                            out_specs=P(None, None, reduced={"filter", "particle"}))(x, y_next)
    return weights


if __name__ == "__main__":
    main(*inputs())
