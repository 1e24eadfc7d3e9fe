"""Newton-Raphson branch-length optimisation with a step bound shared across site blocks."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class NewtonOptions:
    iterations: int = 3
    min_branch: float = 1e-6
    site_axis: str = "site"


def optimise_branch(deriv, t0, opts=NewtonOptions()):
    curvature = jax.lax.all_gather(deriv, opts.site_axis, axis=1, tiled=True, to="reduced")

    def newton_step(i, t):
        bound = jax.lax.pmax(curvature, opts.site_axis)
        return t - jnp.sum(deriv) / (jnp.sum(bound) + 1.0)

    return jax.lax.fori_loop(0, opts.iterations, newton_step, t0)


def inputs():
    rng = np.random.default_rng(42)
    return (rng.normal(size=(8, 32)).astype(np.float32),
            rng.uniform(0.1, 0.2, size=(8, 32)).astype(np.float32))


def main(deriv, t0):
    mesh = jax.make_mesh((2, 4), ("rate", "site"))
    spec = P("rate", "site")
    deriv, t0 = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (deriv, t0))
    return jax.shard_map(optimise_branch, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(deriv, t0)


if __name__ == "__main__":
    main(*inputs())
