"""Split R-hat of chains sharded over devices, pooled over every mesh axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_CHAINS, N_DRAWS = 8, 40


def pooled_mean(x, axes):
    return jax.lax.pmean(x, axes)


def split_rhat(draws, axes):
    half = draws.shape[1] // 2
    split = jnp.concatenate([draws[:, :half], draws[:, half:]], axis=0)
    means = split.mean(axis=1)
    within = pooled_mean(split.var(axis=1, ddof=1).mean(), axes)
    grand = pooled_mean(means.mean(), axes)
    between = half * pooled_mean(((means - grand) ** 2).mean(), axes)
    var_plus = (half - 1) / half * within + between / half
    return jnp.sqrt(var_plus / within)


def make_diagnostic(mesh):
    axes = mesh.axis_names[0]
    return lambda draws: split_rhat(draws, axes)


def inputs():
    rng = np.random.default_rng(34)
    offsets = rng.normal(0.0, 0.2, (N_CHAINS, 1))
    return ((rng.standard_normal((N_CHAINS, N_DRAWS)) + offsets).astype(np.float32),)


def main(draws):
    mesh = jax.make_mesh((4, 2), ("chain", "data"))
    draws = jax.device_put(draws, NamedSharding(mesh, P("chain", None)))
    rhat = jax.shard_map(make_diagnostic(mesh), mesh=mesh, in_specs=P("chain", None),
                         out_specs=P())(draws)
    return rhat


if __name__ == "__main__":
    main(*inputs())
