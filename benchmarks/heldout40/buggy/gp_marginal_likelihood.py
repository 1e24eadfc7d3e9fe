"""Data-fit term of a GP log marginal likelihood, with kernels from a small registry."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

KERNELS = {}


def kernel(name):
    def register(fn):
        KERNELS[name] = fn
        return fn
    return register


@kernel("rbf")
def rbf(sq_dist, lengthscale):
    return jnp.exp(-0.5 * sq_dist / lengthscale ** 2)


@kernel("matern12")
def matern12(sq_dist, lengthscale):
    return jnp.exp(-jnp.sqrt(sq_dist + 1e-12) / lengthscale)


@dataclasses.dataclass(frozen=True)
class GPConfig:
    kernel: str = "rbf"
    lengthscale: float = 1.5
    noise: float = 0.1


def make_data_fit(cfg, mesh):
    k = KERNELS[cfg.kernel]

    def data_fit(sq_dist, y):
        alpha = k(sq_dist, cfg.lengthscale) @ y.T
        fit = jax.lax.psum(jnp.sum(alpha * alpha), mesh.axis_names)
        return jax.lax.all_gather(fit, mesh.axis_names[0], to="reduced")

    return data_fit


def inputs():
    rng = np.random.default_rng(12)
    x = rng.normal(size=(16, 1)).astype(np.float32)
    sq = ((x - x.T) ** 2).astype(np.float32)
    y = rng.normal(size=(16, 16)).astype(np.float32)
    return sq, y


def main(sq_dist, y):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    spec = P("data", "feat")
    sq_dist, y = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (sq_dist, y))
    fit = jax.shard_map(make_data_fit(GPConfig(), mesh), mesh=mesh, in_specs=(spec, spec),
                        out_specs=P(None, reduced={"data"}))
    return fit(sq_dist, y)


if __name__ == "__main__":
    main(*inputs())
